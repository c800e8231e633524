"""The main window and the app's frame: layout, theme, help, recent files, start-up checks."""
