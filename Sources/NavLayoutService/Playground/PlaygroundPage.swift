/// The playground: one self-contained HTML page (inline CSS and script, no external resource of any
/// kind, so it works offline and under a `default-src 'none'` policy).
///
/// It calls the public API only, with the API key typed into it (kept in the tab's sessionStorage,
/// never in localStorage or a cookie): GET /v1/devices for the picker, then for every edit
/// POST /v1/layouts?record=false for the diagnostics and POST /v1/layouts/svg for the picture. The
/// switches rewrite the editor's `screen` and `state`, so the editor always shows exactly the body
/// sent, and the page prints the equivalent curl command.
enum PlaygroundPage {
    /// The page with the sample request in its editor.
    static let html: String = template.replacingPlaceholder("{{SAMPLE}}", with: htmlEscaped(PlaygroundSample.request))

    /// The policy sent with the page: nothing may load from anywhere, scripts and styles are inline,
    /// requests go to this origin only.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'"

    /// Text made safe inside an HTML element (the editor's textarea).
    static func htmlEscaped(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            default: output.append(character)
            }
        }
        return output
    }

    private static let template = #"""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>navlayout playground</title>
        <style>
          :root { --ink: #111827; --muted: #4b5563; --line: #d1d5db; --accent: #2563eb; --error: #dc2626; --warning: #ea580c; --info: #2563eb; --ok: #16a34a; }
          * { box-sizing: border-box; }
          body { margin: 0; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: var(--ink); background: #f3f4f6; }
          header { display: flex; align-items: center; gap: 16px; padding: 10px 16px; background: #111827; color: #f9fafb; }
          header h1 { font-size: 17px; margin: 0; font-weight: 600; }
          header label { font-size: 13px; color: #d1d5db; }
          header input { width: 280px; padding: 4px 6px; border-radius: 4px; border: 1px solid #374151; background: #1f2937; color: #f9fafb; }
          main { display: grid; grid-template-columns: minmax(320px, 1fr) minmax(360px, 1.3fr); gap: 12px; padding: 12px; }
          section { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 12px; min-width: 0; }
          h2 { font-size: 14px; margin: 0 0 8px; }
          .controls { display: flex; flex-wrap: wrap; gap: 10px 18px; align-items: center; margin-bottom: 10px; }
          .switch { display: inline-flex; border: 1px solid var(--line); border-radius: 6px; overflow: hidden; }
          .switch input { position: absolute; opacity: 0; pointer-events: none; }
          .switch label { padding: 4px 10px; cursor: pointer; user-select: none; border-right: 1px solid var(--line); }
          .switch label:last-of-type { border-right: none; }
          .switch input:checked + label { background: var(--accent); color: #fff; }
          .switch input:focus-visible + label { outline: 2px solid var(--accent); outline-offset: -2px; }
          select { padding: 4px; max-width: 100%; }
          textarea { width: 100%; height: 62vh; font: 12px/1.35 ui-monospace, "DejaVu Sans Mono", monospace; border: 1px solid var(--line); border-radius: 6px; padding: 8px; resize: vertical; }
          textarea.invalid { border-color: var(--error); }
          .row { display: flex; gap: 8px; align-items: center; margin-top: 8px; }
          button { padding: 5px 12px; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; }
          #status { font-size: 13px; color: var(--muted); }
          #status.problem { color: var(--error); }
          .result { display: grid; grid-template-columns: minmax(0, 1.4fr) minmax(200px, 1fr); gap: 12px; }
          #picture { min-height: 200px; overflow: auto; border: 1px dashed var(--line); border-radius: 6px; background: #fafafa; }
          #picture svg { max-width: 100%; height: auto; display: block; }
          #picture .highlight, #picture .highlight * { stroke: #f59e0b !important; stroke-width: 4px !important; stroke-opacity: 1 !important; }
          #diagnostics { list-style: none; margin: 0; padding: 0; }
          #diagnostics li { border: 1px solid var(--line); border-left: 5px solid var(--info); border-radius: 6px; padding: 6px 8px; margin-bottom: 6px; cursor: pointer; }
          #diagnostics li.error { border-left-color: var(--error); }
          #diagnostics li.warning { border-left-color: var(--warning); }
          #diagnostics li.selected { background: #fef3c7; }
          #diagnostics li.none { border-left-color: var(--ok); cursor: default; }
          #diagnostics code { font-weight: 600; }
          #diagnostics .items { color: var(--muted); font-size: 12px; }
          .badge { display: inline-block; padding: 1px 8px; border-radius: 10px; color: #fff; font-size: 12px; background: var(--muted); }
          .badge.ok { background: var(--ok); } .badge.warning { background: var(--warning); } .badge.error { background: var(--error); }
          details { margin-top: 8px; font-size: 12px; }
          details pre { white-space: pre-wrap; word-break: break-all; background: #f9fafb; padding: 6px; border-radius: 4px; }
        </style>
        </head>
        <body>
        <header>
          <h1>navlayout playground</h1>
          <label for="api-key">API key</label>
          <input id="api-key" type="password" autocomplete="off" spellcheck="false" placeholder="kept in this tab only (sessionStorage)">
        </header>
        <main>
          <section aria-labelledby="request-title">
            <h2 id="request-title">Request</h2>
            <div class="controls">
              <label>Device <select id="device" aria-label="Device"><option value="">loading devices…</option></select></label>
              <span class="switch" role="radiogroup" aria-label="Orientation">
                <input type="radio" name="orientation" id="orientation-portrait" value="portrait" checked><label for="orientation-portrait">portrait</label>
                <input type="radio" name="orientation" id="orientation-landscape" value="landscape"><label for="orientation-landscape">landscape</label>
              </span>
              <span class="switch" role="radiogroup" aria-label="Direction">
                <input type="radio" name="direction" id="direction-ltr" value="ltr" checked><label for="direction-ltr">ltr</label>
                <input type="radio" name="direction" id="direction-rtl" value="rtl"><label for="direction-rtl">rtl</label>
              </span>
              <span class="switch" role="radiogroup" aria-label="Navigation state">
                <input type="radio" name="state" id="state-disabled" value="disabled"><label for="state-disabled">disabled</label>
                <input type="radio" name="state" id="state-ready" value="ready"><label for="state-ready">ready</label>
                <input type="radio" name="state" id="state-guidance" value="guidance" checked><label for="state-guidance">guidance</label>
              </span>
              <label><input type="checkbox" id="prompt"> prompt</label>
            </div>
            <textarea id="request" spellcheck="false" aria-label="Request JSON">{{SAMPLE}}</textarea>
            <div class="row"><button id="solve" type="button">Solve</button><span id="status" role="status">ready</span></div>
            <details><summary>the same with curl</summary><pre id="curl"></pre></details>
          </section>
          <section aria-labelledby="result-title">
            <h2 id="result-title">Layout <span id="badge" class="badge">–</span></h2>
            <div class="result">
              <div id="picture" aria-label="Picture of the layout"></div>
              <div><h2>Diagnostics</h2><ul id="diagnostics"></ul></div>
            </div>
          </section>
        </main>
        <script>
        "use strict";
        (function () {
          var keyField = document.getElementById("api-key");
          var editor = document.getElementById("request");
          var picker = document.getElementById("device");
          var promptBox = document.getElementById("prompt");
          var statusLine = document.getElementById("status");
          var pictureBox = document.getElementById("picture");
          var diagnosticsList = document.getElementById("diagnostics");
          var badge = document.getElementById("badge");
          var devices = [];
          var generation = 0;
          var timer = null;
          var lastPrompt = { kind: "incident", height: 96 };

          keyField.value = sessionStorage.getItem("navlayout.apiKey") || "";
          keyField.addEventListener("input", function () {
            sessionStorage.setItem("navlayout.apiKey", keyField.value.trim());
            schedule();
          });

          function checked(name) {
            var input = document.querySelector('input[name="' + name + '"]:checked');
            return input ? input.value : null;
          }
          // Compares values rather than building a selector from them: the editor may hold anything.
          function check(name, value) {
            Array.prototype.forEach.call(document.getElementsByName(name), function (input) {
              if (input.value === value) input.checked = true;
            });
          }
          function setStatus(text, problem) {
            statusLine.textContent = text;
            statusLine.className = problem ? "problem" : "";
          }
          function parseEditor() {
            try {
              var value = JSON.parse(editor.value);
              if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error("the request is a JSON object");
              editor.classList.remove("invalid");
              return value;
            } catch (error) {
              editor.classList.add("invalid");
              setStatus("the request is not valid JSON: " + error.message, true);
              return null;
            }
          }
          function headers(accept) {
            var result = { "Content-Type": "application/json", "Accept": accept };
            var key = keyField.value.trim();
            if (key) result["Authorization"] = "Bearer " + key;
            return result;
          }
          function selectedDevice() {
            for (var i = 0; i < devices.length; i++) if (devices[i].id === picker.value) return devices[i];
            return null;
          }

          // The switches rewrite screen and state in the editor: what the editor shows is what is sent.
          function applySwitches() {
            var request = parseEditor();
            if (!request) return;
            var device = selectedDevice();
            var orientation = checked("orientation");
            var screen = request.screen && typeof request.screen === "object" ? request.screen : {};
            if (device) {
              var metrics = device.windows[orientation] || device.windows.landscape || device.windows.portrait;
              screen.width = metrics.width;
              screen.height = metrics.height;
              screen.safeArea = metrics.safeArea;
            }
            screen.layoutDirection = checked("direction");
            request.screen = screen;
            var state = request.state && typeof request.state === "object" ? request.state : {};
            state.navigation = checked("state");
            if (state.prompt) lastPrompt = state.prompt;
            if (promptBox.checked && state.navigation === "guidance") state.prompt = lastPrompt; else delete state.prompt;
            request.state = state;
            editor.value = JSON.stringify(request, null, 2);
            schedule(0);
          }

          // The switches start out as the editor's request says.
          function syncSwitches() {
            var request = parseEditor();
            if (!request) return;
            var screen = request.screen || {};
            check("orientation", screen.width > screen.height ? "landscape" : "portrait");
            check("direction", screen.layoutDirection === "rtl" ? "rtl" : "ltr");
            var state = request.state || {};
            if (state.navigation) check("state", state.navigation);
            promptBox.checked = !!state.prompt;
            picker.value = "";
            for (var i = 0; i < devices.length; i++) {
              var windows = devices[i].windows;
              var metrics = windows[checked("orientation")];
              if (metrics && metrics.width === screen.width && metrics.height === screen.height) { picker.value = devices[i].id; break; }
            }
          }

          function loadDevices() {
            fetch("/v1/devices", { headers: { "Accept": "application/json" } }).then(function (response) {
              if (!response.ok) throw new Error("GET /v1/devices answered " + response.status);
              return response.json();
            }).then(function (catalog) {
              picker.textContent = "";
              // Selected when the editor's screen is no preset's: the switches then keep its size.
              picker.appendChild(new Option("custom (the editor's screen)", ""));
              var groups = {};
              catalog.devices.forEach(function (device) {
                var family = device.family === "ipad" ? "iPad" : "iPhone";
                if (!groups[family]) { groups[family] = document.createElement("optgroup"); groups[family].label = family; picker.appendChild(groups[family]); }
                devices.push({ id: device.id, name: device.name, windows: { portrait: device.portrait, landscape: device.landscape } });
                groups[family].appendChild(new Option(device.name, device.id));
                (device.splitViews || []).forEach(function (window) {
                  if (!groups.split) { groups.split = document.createElement("optgroup"); groups.split.label = "iPad multitasking (landscape)"; }
                  devices.push({ id: window.id, name: window.name, windows: { landscape: { width: window.width, height: window.height, safeArea: window.safeArea } } });
                  groups.split.appendChild(new Option(window.name, window.id));
                });
              });
              if (groups.split) picker.appendChild(groups.split);
              picker.setAttribute("data-count", String(devices.length));
              syncSwitches();
              schedule(0);
            }).catch(function (error) { setStatus(String(error.message || error), true); });
          }

          function schedule(delay) {
            if (timer) clearTimeout(timer);
            timer = setTimeout(solve, delay === undefined ? 400 : delay);
          }

          function curlFor(body) {
            var quoted = "'" + JSON.stringify(body).replace(/'/g, "'\\''") + "'";
            var base = location.origin;
            return "curl -s -X POST '" + base + "/v1/layouts?record=false' -H \"Authorization: Bearer $API_KEY\" -H 'Content-Type: application/json' -d " + quoted +
              "\ncurl -s -X POST '" + base + "/v1/layouts/svg' -H \"Authorization: Bearer $API_KEY\" -H 'Content-Type: application/json' -d " + quoted + " > layout.svg";
          }

          function problemText(response, text) {
            try {
              var problem = JSON.parse(text);
              var detail = problem.detail || problem.title || "";
              var paths = (problem.errors || []).map(function (error) { return error.path + ": " + error.message; });
              return response.status + " " + detail + (paths.length ? " — " + paths.join("; ") : "");
            } catch (ignored) { return response.status + " " + text.slice(0, 200); }
          }

          function solve() {
            var request = parseEditor();
            if (!request) return;
            var mine = ++generation;
            document.getElementById("curl").textContent = curlFor(request);
            setStatus("solving…", false);
            var body = JSON.stringify(request);
            var layout = fetch("/v1/layouts?record=false", { method: "POST", headers: headers("application/json"), body: body })
              .then(function (response) { return response.text().then(function (text) { return { response: response, text: text }; }); });
            var drawing = fetch("/v1/layouts/svg", { method: "POST", headers: headers("image/svg+xml"), body: body })
              .then(function (response) { return response.text().then(function (text) { return { response: response, text: text }; }); });
            Promise.all([layout, drawing]).then(function (answers) {
              if (mine !== generation) return;
              var result = answers[0], svg = answers[1];
              if (result.response.status === 401 || svg.response.status === 401) { setStatus("401: type a valid API key above", true); return; }
              if (!result.response.ok) { setStatus(problemText(result.response, result.text), true); return; }
              if (!svg.response.ok) { setStatus(problemText(svg.response, svg.text), true); return; }
              showResult(JSON.parse(result.text));
              showPicture(svg.text);
              setStatus("solved in " + (JSON.parse(result.text).solveMicros || 0) + " µs", false);
            }).catch(function (error) { if (mine === generation) setStatus(String(error.message || error), true); });
          }

          function showPicture(text) {
            var parsed = new DOMParser().parseFromString(text, "image/svg+xml");
            var root = parsed.documentElement;
            if (!root || root.nodeName !== "svg") { setStatus("the picture is not SVG", true); return; }
            Array.prototype.forEach.call(root.querySelectorAll("script, foreignObject"), function (node) { node.remove(); });
            pictureBox.textContent = "";
            pictureBox.appendChild(document.importNode(root, true));
            pictureBox.setAttribute("data-device", picker.value);
          }

          function showResult(result) {
            badge.textContent = result.status || "–";
            badge.className = "badge " + (result.status || "");
            diagnosticsList.textContent = "";
            var diagnostics = result.diagnostics || [];
            if (!diagnostics.length) {
              var none = document.createElement("li");
              none.className = "none";
              none.textContent = "no diagnostics";
              diagnosticsList.appendChild(none);
            }
            diagnostics.forEach(function (diagnostic) {
              var item = document.createElement("li");
              item.className = "diagnostic " + (diagnostic.severity || "info");
              item.setAttribute("data-items", (diagnostic.items || []).join(" "));
              var code = document.createElement("code");
              code.textContent = diagnostic.code;
              item.appendChild(code);
              item.appendChild(document.createTextNode(" " + (diagnostic.message || "")));
              if (diagnostic.items && diagnostic.items.length) {
                var names = document.createElement("div");
                names.className = "items";
                names.textContent = "items: " + diagnostic.items.join(", ");
                item.appendChild(names);
              }
              item.addEventListener("click", function () { highlight(item, diagnostic.items || []); });
              diagnosticsList.appendChild(item);
            });
            diagnosticsList.setAttribute("data-count", String(diagnostics.length));
          }

          // Clicking a diagnostic outlines the elements of its items in the picture (data-item="name").
          function highlight(item, names) {
            var wasSelected = item.classList.contains("selected");
            Array.prototype.forEach.call(diagnosticsList.querySelectorAll("li.selected"), function (node) { node.classList.remove("selected"); });
            Array.prototype.forEach.call(pictureBox.querySelectorAll(".highlight"), function (node) { node.classList.remove("highlight"); });
            if (wasSelected) return;
            item.classList.add("selected");
            Array.prototype.forEach.call(pictureBox.querySelectorAll("[data-item]"), function (node) {
              if (names.indexOf(node.getAttribute("data-item")) >= 0) node.classList.add("highlight");
            });
          }

          picker.addEventListener("change", function () {
            var device = selectedDevice();
            if (device && !device.windows.portrait) check("orientation", "landscape");
            applySwitches();
          });
          Array.prototype.forEach.call(document.querySelectorAll(".switch input, #prompt"), function (input) {
            input.addEventListener("change", applySwitches);
          });
          editor.addEventListener("input", function () { schedule(); });
          document.getElementById("solve").addEventListener("click", function () { schedule(0); });
          loadDevices();
        })();
        </script>
        </body>
        </html>
        """#
}

extension String {
    /// The text with the first `placeholder` replaced; built without Foundation.
    fileprivate func replacingPlaceholder(_ placeholder: String, with replacement: String) -> String {
        guard let range = firstRange(of: placeholder) else { return self }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}
