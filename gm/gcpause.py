"""Pausing Python's cycle collector while a day's files are read.

Reading a 2,000-player day builds hundreds of thousands of small dicts and lists that all stay
alive; the collector would walk them again and again for nothing (a third of the YAML time).
Nothing read here forms a cycle that needs collecting, and the collector is switched back on
(if it was on) as soon as the reading is done, whatever happens.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def gc_paused():
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
