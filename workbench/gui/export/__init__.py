"""Writing what the window shows: the answer file, PNG pictures, GIF and MP4 replays."""
