"""Storage: the game folder on disk, the user's cache, the input bounds, fast YAML reading
and JSON writing, the cycle collector paused while a day is worked on."""
