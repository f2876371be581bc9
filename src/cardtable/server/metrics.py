"""What `/metrics` tells a Prometheus server, with the official client library: each
app has its own registry, so that several apps in one process (tests) never share a
counter."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

if TYPE_CHECKING:
    from cardtable.server.rooms import Rooms


class Metrics:
    def __init__(self, rooms: Rooms, sockets: dict[str, int]) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.actions = Counter("cardtable_actions", "actions this process committed", registry=r)
        self.act_ack = Histogram(
            "cardtable_act_ack_seconds", "from a seat's act to its ack, on this process",
            buckets=(.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5), registry=r)
        games = Gauge("cardtable_open_games", "unfinished games loaded in this process",
                      registry=r)
        games.set_function(lambda: sum(1 for room in rooms.rooms.values()
                                       if not room.state.is_over()))
        owned = Gauge("cardtable_owned_games", "games whose computer seats and clocks this "
                      "process runs", registry=r)
        owned.set_function(lambda: sum(1 for g in rooms.rooms if rooms.cluster.owns(g)))
        open_sockets = Gauge("cardtable_sockets", "websockets open on this process",
                             registry=r)
        open_sockets.set_function(lambda: sum(sockets.values()))
        waiting = Gauge("cardtable_computer_queue", "computer decisions waiting for a worker",
                        registry=r)
        waiting.set_function(lambda: rooms.pool.waiting)
        running = Gauge("cardtable_computer_running", "computer decisions being thought",
                        registry=r)
        running.set_function(lambda: rooms.pool.running)
        stats = rooms.cluster.stats
        heard = Gauge("cardtable_notifications_received", "PostgreSQL notifications heard",
                      registry=r)
        heard.set_function(lambda: stats.notifications)
        missed = Gauge("cardtable_notifications_missed", "catch-ups that found actions no "
                       "notification had brought", registry=r)
        missed.set_function(lambda: stats.missed)
        adopted = Gauge("cardtable_games_adopted", "games taken over from a process that "
                        "stopped", registry=r)
        adopted.set_function(lambda: stats.adopted)
