"""The cost of one room event reaching N sockets of one process: ``group_send`` to a group of N channels, until
every channel has received it, with ``channels-redis``'s two layers and two payloads.

- ``core`` (``RedisChannelLayer``): the group is a Redis sorted set; ``group_send`` writes one copy of the
  message per member (one Lua script, one list per channel) and the process's receive loop pops them one
  by one: a Redis round trip per member.
- ``per-member``: the core layer, one ``send`` per member (what a message per socket would cost).
- ``pubsub`` (``RedisPubSubChannelLayer``): ``group_send`` is one ``PUBLISH``; each process subscribed to the
  group gets the message once and hands it to its local channels (each ``receive`` still decodes it).

Payloads: ``light`` is a ``round_open``-sized event (about 1 kB, what every room event is now); ``heavy``
carries a result per member (about 150 bytes each), what ``round_closed`` carried when each socket picked
its own result out of the event: its size grows with N, so its cost grows as N².

    REDIS_URL=redis://127.0.0.1:6379/1 .venv/bin/python bench/rooms_fanout.py --members 100 500 1000 2000

Prints, per layer, payload and N: the wall time from ``group_send`` to the last receipt and the CPU time of
the process (the receivers are in this process, as a web process's sockets are), with the load average.
Bounded: at most 5,000 members; the layers' keys are under the prefix ``bench-fanout`` and flushed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import time

from channels_redis.core import RedisChannelLayer
from channels_redis.pubsub import RedisPubSubChannelLayer


def payload(kind: str, members: int) -> dict:
    event = {"type": "round_open", "round": 3, "rack": "AEIRST?",
             "cgp": "15/" * 14 + "15 AEIRST?/ 0/0 lex FRA;",
             "board": ["." * 15] * 15, "closes_at": "2026-11-26T21:00:00Z", "server_time": "2026-11-26T20:57:00Z"}
    if kind == "heavy":
        event["results"] = {f"player-{i}": {"player": f"player-{i}", "coord": "H4", "word": "RATISSE", "score": 74,
                                            "bonus": 0, "valid": True, "reason": "", "solo": False}
                            for i in range(members)}
    return {"type": "room.event", "event": event}


async def once(layer, members: int, kind: str, per_member: bool = False) -> tuple[float, float, float]:
    """(seconds until all received, CPU seconds, seconds inside group_send)."""
    group = f"fanout-{members}-{kind}"
    channels = [await layer.new_channel() for _i in range(members)]
    for channel in channels:
        await layer.group_add(group, channel)
    message = payload(kind, members)
    receivers = [asyncio.ensure_future(layer.receive(channel)) for channel in channels]
    await asyncio.sleep(0.2)  # receivers waiting (and subscribed), as sockets are between events
    cpu, start = time.process_time(), time.perf_counter()
    if per_member:  # what a send per socket would cost: one message (and round trip) per member
        for channel in channels:
            await layer.send(channel, message)
    else:
        await layer.group_send(group, message)
    sent = time.perf_counter() - start
    received = await asyncio.wait_for(asyncio.gather(*receivers), timeout=120)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    assert all(r["event"]["round"] == 3 for r in received) and len(received) == members
    for channel in channels:
        await layer.group_discard(group, channel)
    return elapsed, cpu, sent


async def main(args: argparse.Namespace) -> None:
    hosts = [{"address": args.redis}]
    print(f"group_send to N channels of one process, until all received; load average {os.getloadavg()[0]:.1f}")
    print("layer    payload      N    wall s    cpu s   group_send s")
    for name in args.layers:
        for kind in args.payloads:
            for members in args.members:
                layer = (RedisPubSubChannelLayer(hosts=hosts, prefix="bench-fanout") if name == "pubsub"
                         else RedisChannelLayer(hosts=hosts, prefix="bench-fanout", capacity=10000, expiry=60))
                walls, cpus, sends = [], [], []
                for _r in range(args.repeat):
                    wall, cpu, sent = await once(layer, members, kind, per_member=name == "per-member")
                    walls.append(wall)
                    cpus.append(cpu)
                    sends.append(sent)
                await layer.flush()
                best = walls.index(min(walls))
                print(f"{name:7}  {kind:7}  {members:5}  {walls[best]:8.3f}  {cpus[best]:7.3f}  {sends[best]:10.3f}",
                      flush=True)
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--members", type=int, nargs="+", default=[100, 500, 1000, 2000])
    parser.add_argument("--layers", nargs="+", default=["core", "pubsub"], choices=["core", "pubsub", "per-member"])
    parser.add_argument("--payloads", nargs="+", default=["light", "heavy"], choices=["light", "heavy"])
    parser.add_argument("--repeat", type=int, default=3, help="best of this many sends")
    parser.add_argument("--redis", default=os.environ.get("REDIS_URL", ""))
    args = parser.parse_args()
    if not args.redis:
        raise SystemExit("set REDIS_URL (your own Redis database number)")
    if max(args.members) > 5000:
        raise SystemExit("--members: at most 5000")
    asyncio.run(main(args))
