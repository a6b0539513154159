#!/usr/bin/env python3
"""Drives the navlayout playground in headless Chromium through the DevTools protocol.

Usage: playground_driver.py DEVTOOLS_PORT PAGE_URL API_KEY SCREENSHOT.png

Checks, in order:
  1. the page loads, shows the request editor with the sample, and fills the device picker from
     GET /v1/devices;
  2. with the API key typed in, the sample is solved: the picture (inline SVG) and the diagnostics
     list appear;
  3. choosing another device changes the picture (and the request in the editor);
  4. clicking a diagnostic that names items highlights those items in the picture.
A screenshot is saved after step 1 and again at the end.

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
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (AssertionError, TimeoutError, RuntimeError, OSError, StopIteration) as error:
        print(f"playground: FAILED: {error}", file=sys.stderr)
        sys.exit(1)
