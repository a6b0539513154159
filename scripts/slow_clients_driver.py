#!/usr/bin/env python3
"""Body tricklers against a navlayout server on 127.0.0.1, and what a normal client gets meanwhile.

Usage: slow_clients_driver.py PORT TRICKLERS SPREAD SECONDS

Opens TRICKLERS connections that each send the head of a POST /v1/layouts announcing a 100,000 byte
body, then one body byte every 3 s, and never reconnect. SPREAD is `one` (every trickler from
127.0.0.2) or `many` (trickler n from 127.0.1.n, so no per-address limit applies). Meanwhile a normal
client on 127.0.0.3 asks GET /healthz on a kept-alive connection, reconnecting whenever the server
closes it, for SECONDS seconds.

Prints one JSON object: the normal client's requests, how many were served (200) and refused (503),
its failures (time-outs, resets), its p50/p99 latency over the served ones in ms, the served count
before and after the 30th second, and what the tricklers got (still open, 408, 503, closed without
an answer). Loopback only; standard library only; bounded by SECONDS plus a few seconds.
"""
import json
import select
import socket
import sys
import threading
import time

HOST = "127.0.0.1"


def connect(port, source, timeout):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    sock.bind((source, 0))
    sock.connect((HOST, port))
    return sock


def status_of(data):
    line = data.split(b"\r\n", 1)[0].split(b" ")
    return int(line[1]) if len(line) > 1 and line[1].isdigit() else None


def read_response(sock):
    """One response (Content-Length framed); returns (status, keep_alive)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed")
        data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    length = 0
    keep_alive = True
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
        if name.strip().lower() == b"connection" and value.strip().lower() == b"close":
            keep_alive = False
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("closed")
        body += chunk
    return status_of(head), keep_alive


def normal_client(port, seconds, results):
    start = time.monotonic()
    end = start + seconds
    sock = None
    while time.monotonic() < end:
        began = time.monotonic()
        try:
            if sock is None:
                sock = connect(port, "127.0.0.3", 2.0)
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: navlayout\r\n\r\n")
            status, keep_alive = read_response(sock)
        except (OSError, ConnectionError):
            results["failed"] += 1
            if sock is not None:
                sock.close()
                sock = None
            time.sleep(0.01)
            continue
        elapsed = time.monotonic() - began
        results["requests"] += 1
        if status == 200:
            results["served"] += 1
            results["latencies"].append(elapsed)
            if began - start < 30:
                results["servedBefore30s"] += 1
            else:
                results["servedAfter30s"] += 1
        elif status == 503:
            results["refused"] += 1
        if not keep_alive:
            sock.close()
            sock = None
    if sock is not None:
        sock.close()


def main():
    port, count, spread, seconds = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
    head = (
        b"POST /v1/layouts HTTP/1.1\r\nHost: navlayout\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100000\r\n\r\n"
    )
    tricklers = {}
    outcome = {"open": 0, "408": 0, "503": 0, "closedWithoutAnswer": 0, "connectFailed": 0}
    for number in range(1, count + 1):
        source = "127.0.0.2" if spread == "one" else "127.0.1.%d" % number
        try:
            sock = connect(port, source, 2.0)
            sock.sendall(head)
            sock.setblocking(False)
            tricklers[sock] = b""
        except OSError:
            outcome["connectFailed"] += 1
    results = {"requests": 0, "served": 0, "refused": 0, "failed": 0, "latencies": [],
               "servedBefore30s": 0, "servedAfter30s": 0}
    client = threading.Thread(target=normal_client, args=(port, seconds, results))
    client.start()
    finished = {}
    next_byte = time.monotonic()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        now = time.monotonic()
        if now >= next_byte:
            for sock in list(tricklers):
                try:
                    sock.send(b" ")
                except OSError:
                    pass
            next_byte = now + 3.0
        readable, _, _ = select.select(list(tricklers), [], [], min(0.2, max(0.0, next_byte - now)))
        for sock in readable:
            try:
                chunk = sock.recv(65536)
            except OSError:
                chunk = b""
            if chunk:
                tricklers[sock] += chunk
                continue
            finished[sock] = status_of(tricklers.pop(sock))
            sock.close()
    client.join()
    for sock, data in tricklers.items():
        status = status_of(data)
        if status is None:
            outcome["open"] += 1
        else:
            finished[sock] = status
        sock.close()
    for status in finished.values():
        if status in (408, 503):
            outcome[str(status)] += 1
        else:
            outcome["closedWithoutAnswer"] += 1
    latencies = sorted(results.pop("latencies"))

    def percentile(p):
        if not latencies:
            return None
        return round(latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000, 3)

    results["p50Ms"] = percentile(0.50)
    results["p99Ms"] = percentile(0.99)
    results["tricklers"] = outcome
    print(json.dumps(results))


if __name__ == "__main__":
    main()
