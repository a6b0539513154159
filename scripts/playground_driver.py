#!/usr/bin/env python3
"""Drives the navlayout playground in headless Chromium through the DevTools protocol.

Usage: playground_driver.py DEVTOOLS_PORT PAGE_URL API_KEY SCREENSHOT.png [COMPARE_SCREENSHOT.png]

Checks, in order:
  1. the page loads, shows the request editor with the sample, and fills the device picker from
     GET /v1/devices;
  2. with the API key typed in, the sample is solved: the picture (inline SVG) and the diagnostics
     list appear;
  3. choosing another device changes the picture (and the request in the editor);
  4. clicking a diagnostic that names items highlights those items in the picture;
  5. the compare view: both editors hold the sample, and comparing them (two devices) gives a sheet of
     unchanged cells only, each carrying data-key, with the summary to match;
  6. with "googleLogo" dropped from the after side's guidance views, a compare shows regressed or
     changed cells; a mouse click on such a cell of the inline sheet loads its overlay and its row;
  7. a constraint naming an unknown view on the after side is a 422 shown against that side;
  8. the single-layout view still shows its picture after switching back.
A screenshot of the single-layout view is saved after step 1 and again after step 4; one of the compare
view after step 6 when COMPARE_SCREENSHOT is given.

Exit status: 0 all checks passed; 1 any failure. Standard library only: a minimal WebSocket client (RFC 6455, client side,
text frames) is enough for the DevTools protocol.
"""
import base64
import json
import os
import socket
import struct
import sys
import time
import urllib.request


class WebSocket:
    def __init__(self, url):
        assert url.startswith("ws://"), url
        host_port, _, path = url[len("ws://"):].partition("/")
        host, _, port = host_port.partition(":")
        self.sock = socket.create_connection((host, int(port or 80)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise RuntimeError("the DevTools socket closed during the handshake")
            response += chunk
        head, _, self.buffer = response.partition(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise RuntimeError("DevTools refused the WebSocket: " + head.decode(errors="replace"))

    def send(self, text):
        payload = text.encode()
        header = bytearray([0x81])  # FIN + text frame
        mask = os.urandom(4)
        if len(payload) < 126:
            header.append(0x80 | len(payload))
        elif len(payload) < 65536:
            header.append(0x80 | 126)
            header += struct.pack(">H", len(payload))
        else:
            header.append(0x80 | 127)
            header += struct.pack(">Q", len(payload))
        masked = bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))
        self.sock.sendall(bytes(header) + mask + masked)

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise RuntimeError("the DevTools socket closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def receive(self):
        message = b""
        while True:
            first, second = self._read(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read(8))[0]
            if second & 0x80:
                mask = self._read(4)
                data = bytes(b ^ mask[i % 4] for i, b in enumerate(self._read(length)))
            else:
                data = self._read(length)
            opcode = first & 0x0F
            if opcode == 0x8:
                raise RuntimeError("DevTools closed the WebSocket")
            if opcode in (0x9, 0xA):  # ping / pong: not used by DevTools, skipped
                continue
            message += data
            if first & 0x80:
                return message.decode()


class Page:
    def __init__(self, port):
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10))
        page = next(t for t in targets if t.get("type") == "page")
        self.ws = WebSocket(page["webSocketDebuggerUrl"])
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.receive())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"script failed: {expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression, what, timeout=20):
        deadline = time.time() + timeout
        while time.time() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.1)
        raise TimeoutError(f"timed out waiting for {what}")

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=True)["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))
        print(f"playground: screenshot saved to {path}")


def main():
    port, url, api_key, screenshot = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
    compare_screenshot = sys.argv[5] if len(sys.argv) > 5 and sys.argv[5] else None
    page = Page(port)
    page.call("Page.enable")
    page.call("Runtime.enable")
    page.call("Emulation.setDeviceMetricsOverride", width=1440, height=1000, deviceScaleFactor=1, mobile=False)
    page.call("Page.navigate", url=url)

    # 1. The page itself: editor with the sample, device picker filled from the catalog.
    page.wait_for("document.readyState === 'complete'", "the page to load")
    editor = page.evaluate("JSON.parse(document.getElementById('request').value).delegate.guidance.views.join(',')")
    if "turnCard" not in editor:
        raise AssertionError("the editor does not hold the sample delegate")
    count = int(page.wait_for("document.getElementById('device').getAttribute('data-count')", "the device picker"))
    if count < 10:
        raise AssertionError(f"the device picker holds only {count} devices")
    chosen = page.evaluate("document.getElementById('device').value")
    print(f"playground: page loaded; editor holds the sample; picker lists {count} devices ({chosen} selected)")
    page.screenshot(screenshot)

    # 2. Solve the sample with the key typed in (the page keeps it in sessionStorage).
    page.evaluate(
        "(function(){var k=document.getElementById('api-key');k.value=%s;"
        "k.dispatchEvent(new Event('input'));return true})()" % json.dumps(api_key))
    stored = page.evaluate("sessionStorage.getItem('navlayout.apiKey') === %s && localStorage.length === 0" % json.dumps(api_key))
    if not stored:
        raise AssertionError("the API key is not kept in sessionStorage only")
    first_svg = page.wait_for("(document.querySelector('#picture svg')||{}).outerHTML", "the picture", timeout=30)
    page.wait_for("document.getElementById('diagnostics').hasAttribute('data-count')", "the diagnostics list")
    diagnostics = page.evaluate("document.querySelectorAll('#diagnostics li').length")
    if diagnostics < 1:
        raise AssertionError("the diagnostics list is empty")
    items_drawn = page.evaluate("document.querySelectorAll('#picture svg [data-item]').length")
    if items_drawn < 1:
        raise AssertionError("the picture carries no data-item elements")
    print(f"playground: sample solved: picture with {items_drawn} item elements, {diagnostics} diagnostic lines")

    # 3. Another device: the picture must change.
    other = page.evaluate(
        "(function(){var p=document.getElementById('device');var o=Array.prototype.find.call(p.options,"
        "function(x){return x.value==='ipad-pro-13'})||p.options[p.options.length-1];"
        "p.value=o.value;p.dispatchEvent(new Event('change'));return o.value})()")
    page.wait_for(
        "document.getElementById('picture').getAttribute('data-device') === %s" % json.dumps(other),
        f"the picture for {other}")
    second_svg = page.evaluate("document.querySelector('#picture svg').outerHTML")
    if second_svg == first_svg:
        raise AssertionError("the picture did not change with the device")
    width = page.evaluate("JSON.parse(document.getElementById('request').value).screen.width")
    print(f"playground: device {other} gives a new picture (request screen width {width})")

    # 4. A diagnostic that names items highlights them.
    highlighted = page.evaluate(
        "(function(){var li=Array.prototype.find.call(document.querySelectorAll('#diagnostics li.diagnostic'),"
        "function(x){return x.getAttribute('data-items')});if(!li)return -1;li.click();"
        "return document.querySelectorAll('#picture .highlight').length})()")
    if highlighted == -1:
        print("playground: no diagnostic names items on this device; highlighting not exercised")
    elif highlighted < 1:
        raise AssertionError("clicking a diagnostic highlighted nothing")
    else:
        print(f"playground: clicking a diagnostic highlights {highlighted} elements")
    page.screenshot(screenshot)

    swift(page)

    compare(page, compare_screenshot)

    # 8. Back to the single-layout view: its picture is still there.
    page.evaluate("document.getElementById('tab-single').click()")
    visible = page.evaluate(
        "!document.getElementById('single-view').hidden && document.getElementById('compare-view').hidden"
        " && !!document.querySelector('#picture svg [data-item]')")
    if not visible:
        raise AssertionError("the single-layout view did not come back with its picture")
    print("playground: the single-layout view is back with its picture")
    return 0


def swift(page):
    # 5. The Swift editor: solved in place of the request's delegate, its findings link to their lines;
    #    a file the importer refuses lists its errors, each a link to its line.
    page.evaluate("(function(){var b=document.getElementById('use-swift');b.checked=true;"
                  "b.dispatchEvent(new Event('change'));return true})()")
    link = page.wait_for(
        "(function(){var l=document.querySelector('#diagnostics .line-link');return l?l.getAttribute('data-line'):null})()",
        "a finding with a line link", timeout=30)
    page.evaluate("document.querySelector('#diagnostics .line-link').click()")
    selected = page.evaluate("document.getElementById('swift').getAttribute('data-selected-line')")
    if selected != link:
        raise AssertionError(f"clicking the link to line {link} selected line {selected}")
    print(f"playground: the Swift delegate solves; its finding links to line {link}, which the editor selects")
    page.evaluate("(function(){var e=document.getElementById('swift');e.value='final class A {}';"
                  "e.dispatchEvent(new Event('input'));return true})()")
    errors = page.wait_for("document.getElementById('swift-errors').getAttribute('data-count')", "the import errors",
                           timeout=30)
    if int(errors) < 1:
        raise AssertionError("a file with no delegate gave no import error")
    print(f"playground: a file with no delegate lists {errors} import error(s) with their lines")
    page.evaluate("(function(){var b=document.getElementById('use-swift');b.checked=false;"
                  "b.dispatchEvent(new Event('change'));return true})()")
    page.wait_for("!!document.querySelector('#picture svg') && document.getElementById('status').className === ''",
                  "the request's own delegate again", timeout=30)


def run_compare(page, previous_id):
    """Presses Compare and waits for the answer: the summary with a new diff id and its sheet, or
    an error. Returns the summary's attributes (data-id, data-cells, ...) or None for an error."""
    page.evaluate("document.getElementById('compare-run').click()")
    done = (
        "(function(){var s=document.getElementById('compare-summary'),d=s.getAttribute('data-id');"
        "if(d&&d!==%s&&document.getElementById('compare-sheet').getAttribute('data-diff')===d)return 'sheet';"
        "if(document.getElementById('compare-status').className==='problem')return 'problem';"
        "return null})()" % json.dumps(previous_id))
    outcome = page.wait_for(done, "the compare to answer", timeout=90)
    if outcome == "problem":
        return None
    return page.evaluate(
        "(function(){var s=document.getElementById('compare-summary'),o={};"
        "Array.prototype.forEach.call(s.attributes,function(a){if(a.name.indexOf('data-')===0)"
        "o[a.name.slice(5)]=a.value});return o})()")


def edit_after(page, script):
    """Rewrites the after editor: `script` is a function body over `request` (the parsed JSON)."""
    page.evaluate(
        "(function(){var t=document.getElementById('compare-after');var request=JSON.parse(t.value);"
        + script + ";t.value=JSON.stringify(request,null,2);t.dispatchEvent(new Event('input'));return true})()")


def compare(page, compare_screenshot):
    # 5. The compare view, identical sides: every cell unchanged.
    page.evaluate("document.getElementById('tab-compare').click()")
    shown = page.evaluate(
        "!document.getElementById('compare-view').hidden && document.getElementById('single-view').hidden"
        " && location.hash === '#compare'")
    if not shown:
        raise AssertionError("the Compare tab does not show the compare view")
    same = page.evaluate(
        "(function(){var b=document.getElementById('compare-before').value,a=document.getElementById('compare-after').value;"
        "return a===b&&JSON.parse(b).delegate.guidance.views.indexOf('turnCard')>=0})()")
    if not same:
        raise AssertionError("the before and after editors do not both hold the sample")
    devices = page.evaluate("document.getElementById('compare-devices').value")
    tolerance = page.evaluate("document.getElementById('compare-tolerance').value")
    if tolerance != "0.5":
        raise AssertionError(f"the tolerance field starts at {tolerance!r}, not 0.5")
    started = time.time()
    summary = run_compare(page, None)
    if summary is None:
        raise AssertionError("comparing the sample with itself failed: "
                             + page.evaluate("document.getElementById('compare-status').textContent"))
    cells = int(summary["cells"])
    if cells < 1 or int(summary["unchanged"]) != cells or any(int(summary[k]) for k in ("regressed", "changed", "improved")):
        raise AssertionError(f"identical sides did not give all cells unchanged: {summary}")
    sheet = page.evaluate(
        "(function(){var c=document.querySelectorAll('#compare-sheet svg [data-key]');return {cells:c.length,"
        "unchanged:Array.prototype.filter.call(c,function(x){return x.getAttribute('data-change')==='unchanged'}).length,"
        "verdict:document.getElementById('compare-verdict').textContent}})()")
    if sheet["cells"] != cells or sheet["unchanged"] != cells or sheet["verdict"] != "unchanged":
        raise AssertionError(f"the sheet does not match the summary of {cells} unchanged cells: {sheet}")
    print(f"playground: compare view: identical sides on {devices} give {cells} unchanged cells "
          f"and a sheet of {sheet['cells']} data-key cells ({time.time() - started:.1f} s)")

    # 6. Drop googleLogo from the after side's guidance views: some cells must change.
    edit_after(page, "request.delegate.guidance.views=request.delegate.guidance.views.filter("
                     "function(v){return v!=='googleLogo'})")
    summary = run_compare(page, summary["id"])
    if summary is None:
        raise AssertionError("the edited compare failed: "
                             + page.evaluate("document.getElementById('compare-status').textContent"))
    moved = int(summary["regressed"]) + int(summary["changed"])
    if moved < 1:
        raise AssertionError(f"dropping googleLogo changed no cell: {summary}")
    # A guidance cell that regressed or changed, clicked with the mouse where the sheet shows it.
    target = page.evaluate(
        "(function(){var c=Array.prototype.filter.call(document.querySelectorAll('#compare-sheet svg [data-key]'),"
        "function(x){return x.getAttribute('data-change')==='regressed'||x.getAttribute('data-change')==='changed'});"
        "var g=c.filter(function(x){return x.getAttribute('data-key').slice(-9)==='/guidance'})[0]||c[0];if(!g)return null;"
        "g.scrollIntoView({block:'center'});var r=g.querySelector('.cell-frame').getBoundingClientRect();"
        "return {key:g.getAttribute('data-key'),change:g.getAttribute('data-change'),x:r.left+r.width/2,y:r.top+r.height/2,"
        "changedCells:c.length}})()")
    if not target:
        raise AssertionError("the sheet has no regressed or changed cell")
    for kind in ("mousePressed", "mouseReleased"):
        page.call("Input.dispatchMouseEvent", type=kind, x=target["x"], y=target["y"], button="left", clickCount=1)
    page.wait_for(
        "document.getElementById('compare-overlay').getAttribute('data-key') === %s" % json.dumps(target["key"]),
        f"the overlay of {target['key']}", timeout=30)
    detail = page.evaluate(
        "(function(){var o=document.querySelector('#compare-overlay svg');var row={};"
        "Array.prototype.forEach.call(document.querySelectorAll('#compare-cell dd'),function(d){row[d.getAttribute('data-field')]=d.textContent});"
        "return {overlay:!!o&&!!o.querySelector('.cell-diff'),row:row,"
        "selected:(document.querySelector('#compare-sheet [data-key].selected')||{getAttribute:function(){return null}}).getAttribute('data-key')}})()")
    if not detail["overlay"]:
        raise AssertionError("the overlay is not an inline SVG with its .cell-diff group")
    if detail["row"].get("change") != target["change"] or detail["selected"] != target["key"]:
        raise AssertionError(f"the cell row or the selection does not match {target}: {detail}")
    print(f"playground: after dropping googleLogo: {summary['regressed']} regressed, {summary['changed']} changed "
          f"of {summary['cells']}; clicking {target['key']} ({target['change']}) shows its overlay; "
          f"vanished: {detail['row'].get('vanished')}; introduced: {detail['row'].get('introduced')}")
    if compare_screenshot:
        page.screenshot(compare_screenshot)

    # 7. A constraint naming an unknown view on the after side: a 422 shown against that side.
    edit_after(page, "request.delegate.guidance.constraints.push('bogusView.top == map.top')")
    if run_compare(page, summary["id"]) is not None:
        raise AssertionError("a constraint naming an unknown view was compared")
    problem = page.evaluate(
        "(function(){var li=document.querySelector('#compare-errors li');return {status:document.getElementById('compare-status').textContent,"
        "side:li&&li.querySelector('.side')?li.querySelector('.side').textContent:null,text:li?li.textContent:null,"
        "marked:document.getElementById('compare-after').classList.contains('invalid')}})()")
    if problem["side"] != "after" or "after.request" not in (problem["text"] or "") or not problem["marked"]:
        raise AssertionError(f"the problem is not shown against the after side: {problem}")
    print(f"playground: an unknown view on the after side: {problem['status']}; "
          f"[{problem['side']}] {problem['text'][len(problem['side']):]}")


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (AssertionError, TimeoutError, RuntimeError, OSError, StopIteration) as error:
        print(f"playground: FAILED: {error}", file=sys.stderr)
        sys.exit(1)
