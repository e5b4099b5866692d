"""gm: a game master's assistant for games played on web forums."""

__version__ = "0.1.0"
