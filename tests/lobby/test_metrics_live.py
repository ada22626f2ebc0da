"""``/metrics`` of a live process after moves and a forced timeout: the
latency histograms have counts, the scrape-time gauges are there with sane
values, and the standard process and runtime collectors answer."""

from __future__ import annotations

import urllib.request

from prometheus_client.parser import text_string_to_metric_families

from .support import connected, playing, seated


def scrape(proc) -> dict[str, list]:
    """Every sample at ``/metrics``, by sample name: ``[(labels, value)]``."""
    text = urllib.request.urlopen(proc.http + "/metrics", timeout=5).read().decode()
    samples: dict[str, list] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            samples.setdefault(sample.name, []).append((sample.labels, sample.value))
    return samples


def value(samples: dict[str, list], name: str, **labels: str) -> float:
    """The one sample ``name`` with ``labels`` (KeyError if absent)."""
    found = [v for lab, v in samples[name] if all(lab.get(k) == want for k, want in labels.items())]
    assert len(found) == 1, (name, labels, samples.get(name))
    return found[0]


async def test_latency_histograms_and_process_gauges(lobby_factory):
    proc = lobby_factory(prefix="metrics")
    async with connected(proc.ws, ["Ann", "Bo"]) as cs:
        table = await seated(cs, "sibala", seats=2, turn_ms=1000, options={"rounds": 3})
        view = await cs[0].wait_for(table, playing)
        mover = view["to_act"][0]
        await cs[mover].move(table, view["turns"][str(mover)], {"type": "roll"})
        # nobody moves now: the next seat's deadline passes and a roll is forced
        await cs[0].wait_for(table, lambda v: sum(v["timeouts"]) >= 1, timeout=10)
        samples = scrape(proc)
        assert value(samples, "lobby_commit_seconds_count", kind="move") >= 1
        assert value(samples, "lobby_commit_seconds_count", kind="timer") >= 1
        assert value(samples, "lobby_commit_seconds_count", kind="other") >= 1  # the join
        assert 0 < value(samples, "lobby_commit_seconds_sum", kind="move") < 5
        assert value(samples, "lobby_delivery_seconds_count") >= 3
        assert value(samples, "lobby_timer_lateness_seconds_count") >= 1
        assert 0 <= value(samples, "lobby_timer_lateness_seconds_sum") < 10
        # gauges read at scrape time
        assert value(samples, "lobby_connections") == 2
        assert value(samples, "lobby_local_tables") == 1
        assert value(samples, "lobby_local_viewers") == 2
        assert value(samples, "lobby_send_queue_frames") == 0
        assert value(samples, "lobby_send_queue_max_frames") == 0
        # the standard collectors
        assert value(samples, "process_resident_memory_bytes") > 0
        assert value(samples, "process_cpu_seconds_total") > 0
        assert "python_info" in samples
        assert "python_gc_collections_total" in samples
    after = scrape(proc)
    assert value(after, "lobby_connections") == 0, "gauges follow the process, not a count kept by hand"
