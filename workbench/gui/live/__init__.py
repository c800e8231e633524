"""Your own program on one case, watched live."""
