#!/usr/bin/env python3
"""The HTTP side of scripts/cluster/test.sh: each check talks to the replicas and the balancer and
prints one JSON line of measurements on standard output; a failed check says why on standard error
and exits 1. Standard library only; run inside the cluster's client namespace (test.sh does).

  cluster_driver.py replicas ADMIN_TOKEN R1 R2          tenant, key, profile across replicas; revocation and rotation
  cluster_driver.py if-match ADMIN_TOKEN R1 R2 ROUNDS   the same If-Match through both replicas at once
  cluster_driver.py tenant ADMIN_TOKEN URL NAME         prints the secret of a new tenant's key
  cluster_driver.py writer URL KEY LOG KILL_FILE        recorded layouts as fast as two threads can, one JSON line per request
  cluster_driver.py failover URL KEY LOG KILL_FILE      the writer's log against what the history holds
"""

import http.client
import json
import os
import secrets
import sys
import threading
import time
import urllib.parse
from datetime import datetime, timezone

LAYOUT = json.dumps({"screen": {"width": 393, "height": 852}, "state": {"navigation": "ready"}}).encode()


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


class Client:
    """One keep-alive connection to one base URL; reconnects after an error."""

    def __init__(self, base, timeout=10.0):
        parts = urllib.parse.urlsplit(base)
        self.host, self.port, self.timeout = parts.hostname, parts.port or 80, timeout
        self.connection = None

    def send(self, method, path, token=None, body=None, headers=None):
        all_headers = dict(headers or {})
        if token is not None:
            all_headers["Authorization"] = f"Bearer {token}"
        if body is not None:
            all_headers["Content-Type"] = "application/json"
            if not isinstance(body, bytes):
                body = json.dumps(body).encode()
        if self.connection is None:
            self.connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            self.connection.request(method, path, body=body, headers=all_headers)
            response = self.connection.getresponse()
            data = response.read()
        except Exception:
            self.close()
            raise
        if response.getheader("Connection", "").lower() == "close":
            self.close()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, data

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def expect(what, answer, *statuses):
    status, _, data = answer
    if status not in statuses:
        fail(f"{what}: expected {'/'.join(map(str, statuses))}, got {status}: {data[:300].decode(errors='replace')}")
    return answer


def create_tenant(client, admin_token, name):
    _, _, data = expect(f"POST /v1/tenants {name}", client.send("POST", "/v1/tenants", admin_token, {"name": name}), 201)
    body = json.loads(data)
    return body["tenant"]["id"], body["key"]["id"], body["key"]["secret"]


def wait_refused(client, secret, limit):
    """Asks GET /v1/profiles with `secret` every 20 ms until it is a 401; seconds it took, or None."""
    started = time.monotonic()
    for _ in range(int(limit / 0.02) + 1):
        status, _, data = client.send("GET", "/v1/profiles", secret)
        if status == 401:
            return time.monotonic() - started
        if status != 200:
            fail(f"polling a revoked key: expected 200 or 401, got {status}: {data[:300]!r}")
        if time.monotonic() - started > limit:
            return None
        time.sleep(0.02)
    return None


def replicas(admin_token, first, second):
    r1, r2 = Client(first), Client(second)
    name = f"cross-{secrets.token_hex(4)}"
    tenant, key_id, secret = create_tenant(r1, admin_token, name)

    # a. Made through replica 1, used through replica 2: the key authenticates, the profile it
    # writes reads back the same through both.
    document = {"description": "written through replica 2", "screen": {"width": 393, "height": 852}}
    _, headers, _ = expect("PUT profile through replica 2", r2.send("PUT", "/v1/profiles/cross", secret, document), 201)
    etag = headers.get("etag")
    for label, client in (("replica 1", r1), ("replica 2", r2)):
        _, read_headers, data = expect(f"GET profile through {label}", client.send("GET", "/v1/profiles/cross", secret), 200)
        body = json.loads(data)
        if read_headers.get("etag") != etag or body.get("document") != document or body.get("version") != 1:
            fail(f"profile read through {label} differs from what replica 2 wrote: {data[:300]!r} (ETag {etag})")

    # b. Revoked through replica 1 while replica 2 has just authenticated the key (its cache is warm):
    # replica 2 must refuse it within a second.
    expect("key on replica 2 before the revocation", r2.send("GET", "/v1/profiles", secret), 200)
    expect("DELETE key through replica 1", r1.send("DELETE", f"/v1/tenants/{tenant}/keys/{key_id}", admin_token), 200)
    revoked = wait_refused(r2, secret, 5.0)
    if revoked is None:
        fail("replica 2 still accepted a key revoked through replica 1 after 5 s")
    if revoked > 1.0:
        fail(f"replica 2 accepted a key revoked through replica 1 for {revoked:.3f} s (limit 1 s)")

    # The same for a rotation: the old secret refused within a second, the new one taken.
    _, _, data = expect("new key through replica 1", r1.send("POST", f"/v1/tenants/{tenant}/keys", admin_token), 201)
    key = json.loads(data)
    expect("new key on replica 2", r2.send("GET", "/v1/profiles", key["secret"]), 200)
    _, _, data = expect(
        "rotate through replica 1", r1.send("POST", f"/v1/tenants/{tenant}/keys/{key['id']}/rotate", admin_token), 200)
    rotated_secret = json.loads(data)["secret"]
    rotated = wait_refused(r2, key["secret"], 5.0)
    if rotated is None:
        fail("replica 2 still accepted a rotated-away secret after 5 s")
    if rotated > 1.0:
        fail(f"replica 2 accepted a secret rotated away through replica 1 for {rotated:.3f} s (limit 1 s)")
    expect("rotated secret on replica 2", r2.send("GET", "/v1/profiles", rotated_secret), 200)
    print(json.dumps({"tenant": name, "revokedRefusedAfter": round(revoked, 3), "rotatedRefusedAfter": round(rotated, 3)}))


def if_match(admin_token, first, second, rounds):
    r1, r2 = Client(first, timeout=40), Client(second, timeout=40)
    _, _, secret = create_tenant(r1, admin_token, f"race-{secrets.token_hex(4)}")
    _, headers, _ = expect("PUT race profile", r1.send("PUT", "/v1/profiles/race", secret, {"description": "round 0"}), 201)
    etag = headers["etag"]
    # The connections are open before the first round, so both PUTs leave at the barrier together.
    expect("replica 2 warm", r2.send("GET", "/v1/profiles/race", secret), 200)
    winners, skew = [], []
    for round_number in range(1, rounds + 1):
        barrier = threading.Barrier(2)
        answers = {}

        def put(label, client):
            body = {"description": f"round {round_number} through {label}"}
            barrier.wait(timeout=10)
            answers[label] = (time.monotonic(), client.send("PUT", "/v1/profiles/race", secret, body, {"If-Match": etag}))

        threads = [threading.Thread(target=put, args=(label, client)) for label, client in (("r1", r1), ("r2", r2))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        if len(answers) != 2:
            fail(f"round {round_number}: a PUT did not come back within 60 s")
        statuses = {label: answer[1][0] for label, answer in answers.items()}
        if sorted(statuses.values()) != [200, 412]:
            bodies = {label: answer[1][2][:200].decode(errors="replace") for label, answer in answers.items()}
            fail(f"round {round_number}: expected one 200 and one 412 for the same If-Match, got {statuses}: {bodies}")
        winner = next(label for label, status in statuses.items() if status == 200)
        winners.append(winner)
        skew.append(abs(answers["r1"][0] - answers["r2"][0]))
        new_etag = answers[winner][1][1].get("etag")
        if not new_etag or new_etag == etag:
            fail(f"round {round_number}: the winner's answer has no new ETag ({new_etag})")
        etag = new_etag

    _, _, data = expect("versions", r2.send("GET", "/v1/profiles/race/versions", secret), 200)
    versions = [item["version"] for item in json.loads(data)["items"]]
    if versions != list(range(rounds + 1, 0, -1)):
        fail(f"versions are not {rounds + 1}..1 newest first, without gaps or repeats: {versions}")
    _, headers, data = expect("current version", r1.send("GET", "/v1/profiles/race", secret), 200)
    current = json.loads(data)
    if headers.get("etag") != etag or current["version"] != rounds + 1 or \
            current["description"] != f"round {rounds} through {winners[-1]}":
        fail(f"the current version is not the last winner's: {data[:300]!r}")
    print(json.dumps({"rounds": rounds, "winners": "".join("1" if w == "r1" else "2" for w in winners),
                      "versions": len(versions), "maxAnswerSkewSeconds": round(max(skew), 3)}))


def tenant(admin_token, base, name):
    print(create_tenant(Client(base), admin_token, name)[2])


def writer(base, key, log_path, kill_file, threads=2, max_seconds=60.0, max_requests=20000, settle=3.0,
           quiet_limit=20.0, timeout=40.0):
    """POSTs recorded layouts through the balancer until the failover is over: writes failed after the
    kill and then succeeded for `settle` seconds, or no write failed `quiet_limit` seconds after it,
    or the bounds (`max_seconds`, `max_requests`) are reached."""
    lock = threading.Lock()
    stop = threading.Event()
    state = {"count": 0, "lastFailure": None, "successAfterFailure": False, "stopped": None}
    log = open(log_path, "w", buffering=1)
    started = time.time()

    def run(number):
        client = Client(base, timeout=timeout)
        while not stop.is_set():
            with lock:
                if state["count"] >= max_requests:
                    break
                state["count"] += 1
            record = {"thread": number, "start": time.time()}
            try:
                status, headers, data = client.send("POST", "/v1/layouts", key, LAYOUT)
                record.update(status=status, retryAfter=headers.get("retry-after"),
                              requestId=headers.get("x-request-id"))
                if 200 <= status < 300:
                    record["id"] = json.loads(data)["id"]  # a 2xx without an id is logged as an error
                else:
                    record["detail"] = data[:300].decode(errors="replace")
            except Exception as error:  # noqa: BLE001 - every failure of the way is a finding
                record.update(status=None, error=f"{type(error).__name__}: {error}")
            record["end"] = time.time()
            with lock:
                log.write(json.dumps(record) + "\n")
                if record.get("status") is None or not 200 <= record["status"] < 300:
                    state["lastFailure"] = record["end"]
                    state["successAfterFailure"] = False
                elif state["lastFailure"] is not None and record["start"] >= state["lastFailure"]:
                    state["successAfterFailure"] = True  # sent after the failure was seen
            if "id" not in record:
                time.sleep(0.1)  # a failing cluster is asked again soon, not in a spin

    workers = [threading.Thread(target=run, args=(n,), daemon=True) for n in range(threads)]
    for worker in workers:
        worker.start()
    reason = "bound"
    for _ in range(int(max_seconds / 0.05) + 1):
        time.sleep(0.05)
        now = time.time()
        if now - started >= max_seconds:
            reason = f"time bound ({max_seconds:.0f} s)"
            break
        with lock:
            if state["count"] >= max_requests:
                reason = f"request bound ({max_requests})"
                break
            last_failure, recovered = state["lastFailure"], state["successAfterFailure"]
        if os.path.exists(kill_file):
            try:
                killed = float(open(kill_file).read().strip())
            except ValueError:
                continue
            if last_failure is not None and last_failure >= killed and recovered and now - last_failure >= settle:
                reason = f"writes succeeded for {settle:.0f} s after the last failure"
                break
            if (last_failure is None or last_failure < killed) and now - killed >= quiet_limit:
                reason = f"no write failed within {quiet_limit:.0f} s of the kill"
                break
    stop.set()
    for worker in workers:
        worker.join(timeout=timeout + 5)
    log.close()
    print(json.dumps({"stopped": reason, "requests": state["count"], "seconds": round(time.time() - started, 1)}))


def answer(record):
    """A logged answer that is not a 2xx, as "STATUS: detail" (the problem's detail, or the error)."""
    if record.get("status") is None:
        return record.get("error", "")[:120]
    try:
        detail = json.loads(record.get("detail", "")).get("detail", "")
    except ValueError:
        detail = record.get("detail", "")
    return f"{record['status']}: {detail[:120]}"


def failover(base, key, log_path, kill_file, recovery_limit=30.0, hang_limit=35.0):
    records = [json.loads(line) for line in open(log_path)]
    killed = float(open(kill_file).read().strip())
    ok = [r for r in records if "id" in r]
    bad = [r for r in records if "id" not in r]
    problems = []

    # Every answer that is not a 2xx is a 503 with Retry-After: no 500, no other status, no broken or
    # hung connection.
    by_status = {}
    for r in bad:
        label = str(r["status"]) if r.get("status") is not None else r["error"].split(":")[0]
        by_status[label] = by_status.get(label, 0) + 1
    details = {}
    for r in bad:
        label = answer(r)
        details[label] = details.get(label, 0) + 1
    service_503 = [r for r in bad if r.get("status") == 503 and r.get("requestId")]
    balancer_503 = [r for r in bad if r.get("status") == 503 and not r.get("requestId")]
    for r in bad:
        if r.get("status") != 503:
            what = f"status {r['status']}" if r.get("status") is not None else r["error"]
            problems.append(f"a write answered {what} at +{r['start'] - killed:.2f} s from the kill "
                            f"(request {r.get('requestId')}): {r.get('detail', '')[:200]}")
        elif not r.get("retryAfter"):
            problems.append(f"a 503 without Retry-After at +{r['start'] - killed:.2f} s (request {r.get('requestId')})")
    slowest = max((r["end"] - r["start"] for r in records), default=0.0)
    if slowest > hang_limit:
        problems.append(f"a write took {slowest:.1f} s (bound {hang_limit:.0f} s)")

    before = [r for r in ok if r["end"] < killed]
    if len(before) < 10:
        problems.append(f"only {len(before)} writes succeeded before the kill: the writer did not get going")
    failed_after = [r for r in bad if r["end"] >= killed]
    first_failure = min((r["start"] for r in failed_after), default=None)
    recovered_at = None
    if first_failure is not None:
        # The first write sent after a failure had been seen (not one already under way beside it).
        seen = min(r["end"] for r in failed_after)
        after = [r["end"] for r in ok if r["start"] >= seen]
        recovered_at = min(after, default=None)
        if recovered_at is None:
            problems.append("no write succeeded after the failures that followed the kill")
        elif recovered_at - killed > recovery_limit:
            problems.append(f"writes succeeded again only {recovered_at - killed:.1f} s after the kill (bound {recovery_limit:.0f} s)")
    elif not any(r["start"] >= killed for r in ok):
        problems.append("no write was made after the kill")

    # Every acknowledged write is in the history (pages of 1,000, newest first). A write answered 503
    # may or may not be stored: counted, not required.
    client = Client(base, timeout=40)
    listed, cursor = set(), None
    for page in range(200):
        path = "/v1/layouts?limit=1000" + (f"&cursor={urllib.parse.quote(cursor)}" if cursor else "")
        for attempt in range(20):
            try:
                status, _, data = client.send("GET", path, key)
            except Exception as error:  # noqa: BLE001
                status, data = None, str(error).encode()
            if status == 200:
                break
            time.sleep(0.5)
        else:
            fail(f"listing the history: {status}: {data[:300]!r}")
        body = json.loads(data)
        listed.update(item["id"] for item in body["items"])
        cursor = body.get("nextCursor")
        if not cursor:
            break
    else:
        fail("the history has more than 200 pages")
    acknowledged = {r["id"] for r in ok}
    missing = sorted(acknowledged - listed)
    for layout_id in missing[:20]:
        status, _, _ = client.send("GET", f"/v1/layouts/{layout_id}", key)
        problems.append(f"acknowledged layout {layout_id} is not in the history (GET answers {status})")
    if len(missing) > 20:
        problems.append(f"... {len(missing)} acknowledged layouts missing in all")

    # A layout in the history that no 2xx acknowledged was written by a request that got another answer:
    # found by its time among the answers that were not 2xx, so their detail can be held against it:
    # a 503 that says "the request changed nothing" must not have stored anything (only one that says
    # it may or may not have been stored, or a broken connection, may have).
    stored_answers = []
    for layout_id in sorted(listed - acknowledged)[:20]:
        status, _, data = client.send("GET", f"/v1/layouts/{layout_id}", key)
        if status != 200:
            continue
        created = datetime.strptime(json.loads(data)["createdAt"], "%Y-%m-%dT%H:%M:%S.%fZ")
        created = created.replace(tzinfo=timezone.utc).timestamp()
        around = [r for r in bad if r["start"] - 0.05 <= created <= r["end"] + 0.05]
        if around and all("changed nothing" in answer(r) for r in around):
            problems.append(
                f"layout {layout_id} is stored, but every request that could have written it was answered "
                f"that it changed nothing: {' / '.join(sorted({answer(r) for r in around}))}")
        stored_answers.append(
            f"layout {layout_id} is stored, written by one of the requests "
            f"{', '.join(str(r.get('requestId')) for r in around)}, answered "
            f"{' / '.join(sorted({answer(r) for r in around})) or 'nothing logged'}")

    summary = {
        "requests": len(records), "acknowledged": len(acknowledged), "kept": len(acknowledged & listed),
        "missing": len(missing), "storedUnacknowledged": len(listed - acknowledged),
        "notAcknowledged": by_status, "service503": len(service_503), "balancer503": len(balancer_503),
        "firstFailureAfterKill": None if first_failure is None else round(first_failure - killed, 3),
        "killToFirstSuccess": None if recovered_at is None else round(recovered_at - killed, 3),
        "slowestWriteSeconds": round(slowest, 3),
        "writesBeforeKill": len(before),
        "details": details,
        "storedButNotAcknowledged": stored_answers,
    }
    print(json.dumps(summary))
    for problem in problems[:40]:
        print(f"FAIL: {problem}", file=sys.stderr)
    if problems:
        sys.exit(1)


def main(argv):
    commands = {
        "replicas": lambda a: replicas(a[0], a[1], a[2]),
        "if-match": lambda a: if_match(a[0], a[1], a[2], int(a[3])),
        "tenant": lambda a: tenant(a[0], a[1], a[2]),
        "writer": lambda a: writer(a[0], a[1], a[2], a[3]),
        "failover": lambda a: failover(a[0], a[1], a[2], a[3]),
    }
    if len(argv) < 2 or argv[1] not in commands:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    commands[argv[1]](argv[2:])


if __name__ == "__main__":
    main(sys.argv)
