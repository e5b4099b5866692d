"""Ships the top-level templates/ and games/ inside the package (gm/_shipped/), so that a plain,
non-editable `pip install .` finds them from any folder (gm/paths.py looks there first)."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class build_py_with_data(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads templates/ and games/ where they stand
        for name in ("templates", "games"):
            target = Path(self.build_lib) / "gm" / "_shipped" / name
            if target.exists():
                shutil.rmtree(target)
            shutil.copytree(HERE / name, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": build_py_with_data})
