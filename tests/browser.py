"""Headless Chromium driven by Selenium, for the page tests (the desk, phone widths).

Debian's `chromium` and `chromium-driver` (.ci/run installs both on CI); never a downloaded browser
(Selenium Manager is kept out by naming the driver). Where they are missing, the tests skip and say
why; with GM_REQUIRE_BROWSER=1 (set by .ci/run once it has installed them) they fail instead.
"""

from __future__ import annotations

import os
import shutil
from contextlib import contextmanager

import pytest

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions")


def _find(*names: str | None) -> str | None:
    for name in names:
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def _unavailable(why: str):
    if os.environ.get("GM_REQUIRE_BROWSER") == "1":
        pytest.fail(f"GM_REQUIRE_BROWSER=1 but {why}")
    pytest.skip(why)


@contextmanager
def chrome(tmp_path, width: int = 1200, height: int = 900):
    """A fresh headless Chromium with its own profile in tmp_path; quit on the way out."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _unavailable("selenium is not installed (pip install '.[test]')")
    binary = _find(os.environ.get("GM_CHROMIUM"), "chromium", "chromium-browser", "google-chrome")
    driver_path = _find(os.environ.get("GM_CHROMEDRIVER"), "chromedriver", "/usr/lib/chromium/chromedriver")
    if binary is None or driver_path is None:
        _unavailable("no Chromium and chromedriver found (the Debian packages `chromium` and `chromium-driver`; "
                     ".ci/run installs them on CI, or set GM_CHROMIUM and GM_CHROMEDRIVER)")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path / 'chromium-profile'}")
    options.add_argument(f"--window-size={width},{height}")
    driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
    try:
        yield driver
    finally:
        driver.quit()


def phone(driver, width: int = 390, height: int = 844) -> None:
    """Emulate a phone's screen: a page without a viewport is then laid out 980 px wide and shrunk."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})


def offline(driver) -> None:
    """No network at all: a page that needs an asset from elsewhere shows it."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions",
                           {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0})
