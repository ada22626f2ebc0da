"""``python -m lobby`` refuses to serve a page that cannot load: without the
browser libraries from npm the page would sit at "Connecting…" for good."""

from __future__ import annotations

from pathlib import Path

import pytest

from lobby import __main__ as main_module
from lobby import endpoints


def test_the_installed_tree_has_its_browser_libraries():
    assert endpoints.missing_vendor() == []


def test_missing_libraries_are_named(tmp_path: Path):
    assert sorted(endpoints.missing_vendor(tmp_path)) == sorted(endpoints.VENDOR.values())
    first = tmp_path / next(iter(endpoints.VENDOR.values()))
    first.parent.mkdir(parents=True)
    first.write_text("// library")
    assert endpoints.missing_vendor(tmp_path) == list(endpoints.VENDOR.values())[1:]


def test_serving_without_them_stops_with_the_fix(tmp_path: Path, monkeypatch, capsys):
    monkeypatch.setattr(endpoints, "NODE_MODULES", tmp_path)
    with pytest.raises(SystemExit) as stop:
        main_module.main(["--port", "1"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "npm ci" in err and "msgpack.min.js" in err

