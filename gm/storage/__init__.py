"""Storage primitives: atomic writes, the user's cache, the input bounds, fast YAML reading and
JSON writing, the cycle collector paused while a day is worked on. The game folder itself
(gm/gamedir.py) stands above the engines and settings it loads."""
