/// The playground: one self-contained HTML page (inline CSS and script, no external resource of any
/// kind, so it works offline and under a `default-src 'none'` policy).
///
/// It calls the public API only, with the API key typed into it (kept in the tab's sessionStorage,
/// never in localStorage or a cookie): GET /v1/devices for the picker, then for every edit
/// POST /v1/layouts?record=false for the diagnostics and POST /v1/layouts/svg for the picture. The
/// switches rewrite the editor's `screen` and `state`, so the editor always shows exactly the body
/// sent, and the page prints the equivalent curl command.
///
/// Its compare view reviews a change: a "before" and an "after" request (both the sample to start
/// with) go to POST /v1/diffs across a few devices; the page shows the summary, embeds the contact
/// sheet of GET /v1/diffs/{id}.svg inline, and a click on a cell of the sheet (found by its
/// `data-key`) loads that cell's overlay with `?cell=` next to the cell's row of the report. A diff is
/// recorded (the pictures are drawn from what was stored), so it runs on the button only, never on
/// every keystroke.
enum PlaygroundPage {
    /// The page with the sample request in each of its editors.
    static let html: String = template.replacingPlaceholders("{{SAMPLE}}", with: htmlEscaped(PlaygroundSample.request))
        .replacingPlaceholders("{{SWIFT_SAMPLE}}", with: htmlEscaped(PlaygroundSwiftSample.source))

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
          [hidden] { display: none !important; }
          .tabs { display: inline-flex; gap: 4px; }
          .tabs button { background: transparent; border-color: #374151; color: #d1d5db; }
          .tabs button[aria-selected="true"] { background: #f9fafb; border-color: #f9fafb; color: var(--ink); }
          button.secondary { background: #fff; color: var(--accent); }
          button:disabled { opacity: 0.6; cursor: progress; }
          main.compare { grid-template-columns: minmax(0, 1fr); }
          .sides { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 12px; }
          .sides h3 { font-size: 13px; margin: 0 0 4px; }
          .sides textarea { height: 38vh; }
          #compare-devices { width: 260px; padding: 4px 6px; font: 12px ui-monospace, "DejaVu Sans Mono", monospace; }
          #compare-tolerance { width: 70px; padding: 4px; }
          #compare-add-device { max-width: 220px; }
          #compare-status { font-size: 13px; color: var(--muted); }
          #compare-status.problem { color: var(--error); }
          #compare-errors { margin: 6px 0 0; padding-left: 18px; color: var(--error); font-size: 13px; }
          #compare-errors .side { display: inline-block; min-width: 46px; padding: 0 6px; margin-right: 6px; border-radius: 8px; background: var(--error); color: #fff; font-size: 11px; text-align: center; }
          .summary { display: flex; flex-wrap: wrap; gap: 6px 14px; margin-bottom: 8px; font-size: 13px; }
          .summary .count { font-weight: 600; }
          .summary .count-regressed { color: var(--error); } .summary .count-improved { color: var(--ok); } .summary .count-changed { color: #7c3aed; }
          .badge.regressed { background: var(--error); } .badge.changed { background: #7c3aed; } .badge.improved { background: var(--ok); } .badge.unchanged { background: var(--muted); }
          #compare-sheet, #compare-overlay { min-height: 120px; overflow: auto; border: 1px dashed var(--line); border-radius: 6px; background: #fafafa; }
          #compare-sheet svg, #compare-overlay svg { max-width: 100%; height: auto; display: block; }
          #compare-sheet [data-key] { cursor: pointer; }
          #compare-sheet [data-key]:hover > .cell-frame { stroke-width: 4px; }
          #compare-sheet [data-key].selected > .cell-frame { stroke: #f59e0b; stroke-width: 5px; }
          .cell-detail { display: grid; grid-template-columns: minmax(0, 1.4fr) minmax(220px, 1fr); gap: 12px; margin-top: 12px; }
          #compare-cell { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 3px 10px; margin: 0 0 10px; font-size: 13px; }
          #compare-cell dt { color: var(--muted); }
          #compare-cell dd { margin: 0; word-break: break-word; white-space: pre-line; }
          #compare-changed { list-style: none; margin: 0; padding: 0; max-height: 40vh; overflow: auto; }
          #compare-changed button { width: 100%; margin-bottom: 4px; text-align: left; background: #fff; color: var(--ink); border: 1px solid var(--line); border-left: 5px solid var(--muted); font: 12px ui-monospace, "DejaVu Sans Mono", monospace; }
          #compare-changed button.regressed { border-left-color: var(--error); } #compare-changed button.changed { border-left-color: #7c3aed; } #compare-changed button.improved { border-left-color: var(--ok); }
          #compare-changed button.selected { background: #fef3c7; }
          #swift { min-height: 18em; }
          button.line-link { font: inherit; font-size: .85em; padding: 0 .3em; margin: 0; background: #e0e7ff; color: #1e3a8a; border: 0; border-radius: 3px; cursor: pointer; }
        </style>
        </head>
        <body>
        <header>
          <h1>navlayout playground</h1>
          <nav class="tabs" role="tablist" aria-label="View">
            <button type="button" role="tab" id="tab-single" aria-controls="single-view" aria-selected="true">Single layout</button>
            <button type="button" role="tab" id="tab-compare" aria-controls="compare-view" aria-selected="false">Compare</button>
          </nav>
          <label for="api-key">API key</label>
          <input id="api-key" type="password" autocomplete="off" spellcheck="false" placeholder="kept in this tab only (sessionStorage)">
        </header>
        <main id="single-view" role="tabpanel" aria-labelledby="tab-single">
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
            <details id="swift-panel"><summary>Swift delegate</summary>
              <label><input type="checkbox" id="use-swift"> solve this Swift in place of the request's delegate (sent as <code>delegateSource</code>); findings link to their lines</label>
              <textarea id="swift" spellcheck="false" aria-label="Swift layout delegate">{{SWIFT_SAMPLE}}</textarea>
              <ul id="swift-errors"></ul>
            </details>
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
        <main id="compare-view" class="compare" role="tabpanel" aria-labelledby="tab-compare" hidden>
          <section aria-labelledby="compare-title">
            <h2 id="compare-title">Compare two requests</h2>
            <div class="controls">
              <label>Devices <input id="compare-devices" type="text" value="iphone-se-3, iphone-15" spellcheck="false" autocomplete="off" aria-label="Device ids, comma-separated"></label>
              <select id="compare-add-device" aria-label="Add a device"><option value="">add a device…</option></select>
              <label>Tolerance <input id="compare-tolerance" type="number" min="0" max="10000" step="0.1" value="0.5" aria-label="Tolerance in points"> pt</label>
              <button id="compare-copy" type="button" class="secondary">Copy before to after</button>
            </div>
            <div class="sides">
              <div><h3><label for="compare-before">Before</label></h3><textarea id="compare-before" spellcheck="false" aria-label="Before request JSON">{{SAMPLE}}</textarea></div>
              <div><h3><label for="compare-after">After</label></h3><textarea id="compare-after" spellcheck="false" aria-label="After request JSON">{{SAMPLE}}</textarea></div>
            </div>
            <div class="row"><button id="compare-run" type="button">Compare</button><span id="compare-status" role="status">each device in both orientations, both directions and all three states; Ctrl+Enter in an editor compares too</span></div>
            <ul id="compare-errors"></ul>
            <details><summary>the same with curl</summary><pre id="compare-curl"></pre></details>
          </section>
          <section aria-labelledby="review-title">
            <h2 id="review-title">Review <span id="compare-verdict" class="badge">–</span></h2>
            <div id="compare-summary" class="summary"></div>
            <div id="compare-sheet" aria-label="Contact sheet: click a cell for its overlay"></div>
            <div class="cell-detail">
              <div id="compare-overlay" aria-label="Overlay of the chosen cell"></div>
              <div>
                <h2 id="compare-cell-title">Cell</h2>
                <dl id="compare-cell"></dl>
                <h2>Cells that changed</h2>
                <ul id="compare-changed"></ul>
              </div>
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
          var addDevice = document.getElementById("compare-add-device");

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
          function authHeaders(accept) {
            var result = { "Accept": accept };
            var key = keyField.value.trim();
            if (key) result["Authorization"] = "Bearer " + key;
            return result;
          }
          function headers(accept) {
            var result = authHeaders(accept);
            result["Content-Type"] = "application/json";
            return result;
          }
          function answerOf(response) {
            return response.text().then(function (text) { return { response: response, text: text }; });
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
              devices.forEach(function (device) { addDevice.appendChild(new Option(device.name + " (" + device.id + ")", device.id)); });
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

          // The Swift editor: with the box ticked, its text goes as the request's delegateSource, and
          // findings and import errors carry the lines they are about.
          var swiftEditor = document.getElementById("swift");
          var useSwift = document.getElementById("use-swift");
          var swiftErrors = document.getElementById("swift-errors");
          function selectLine(line, column) {
            var lines = swiftEditor.value.split("\n");
            var start = 0;
            for (var i = 0; i < line - 1 && i < lines.length; i++) start += lines[i].length + 1;
            var end = start + (lines[line - 1] || "").length;
            document.getElementById("swift-panel").open = true;
            swiftEditor.focus();
            swiftEditor.setSelectionRange(start + Math.max(0, (column || 1) - 1), end);
            swiftEditor.setAttribute("data-selected-line", String(line));
          }
          function lineLink(line, column, text) {
            var link = document.createElement("button");
            link.type = "button";
            link.className = "line-link";
            link.textContent = text || ("line " + line + ":" + column);
            link.setAttribute("data-line", String(line));
            link.addEventListener("click", function (event) { event.stopPropagation(); selectLine(line, column); });
            return link;
          }
          // A 422 whose errors are the importer's: each message starts with path:line:column.
          function showSwiftErrors(text) {
            swiftErrors.textContent = "";
            var problem;
            try { problem = JSON.parse(text); } catch (ignored) { return false; }
            var found = false;
            (problem.errors || []).forEach(function (error) {
              if (error.path !== "delegateSource.swift") return;
              var match = /:(\d+):(\d+): (error|warning): (.*)$/.exec((error.message || "").split("\n")[0]);
              var item = document.createElement("li");
              item.className = "diagnostic error";
              if (match) {
                item.appendChild(lineLink(Number(match[1]), Number(match[2])));
                item.appendChild(document.createTextNode(" " + match[4].replace(/ \(line \d+, column \d+\)$/, "")));
              } else {
                item.textContent = error.message;
              }
              swiftErrors.appendChild(item);
              found = true;
            });
            swiftErrors.setAttribute("data-count", String(swiftErrors.children.length));
            if (found) document.getElementById("swift-panel").open = true;
            return found;
          }
          swiftEditor.addEventListener("input", function () { if (useSwift.checked) schedule(); });
          useSwift.addEventListener("change", function () { schedule(0); });

          function solve() {
            var request = parseEditor();
            if (!request) return;
            if (useSwift.checked) {
              delete request.delegate;
              request.delegateSource = { swift: swiftEditor.value, path: "PlaygroundLayoutDelegate.swift" };
            }
            swiftErrors.textContent = "";
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
              if (!result.response.ok) {
                if (useSwift.checked && showSwiftErrors(result.text)) { setStatus("the Swift cannot be read: see its errors below the editor", true); return; }
                setStatus(problemText(result.response, result.text), true);
                return;
              }
              if (!svg.response.ok) { setStatus(problemText(svg.response, svg.text), true); return; }
              showResult(JSON.parse(result.text));
              showPicture(svg.text);
              setStatus("solved in " + (JSON.parse(result.text).solveMicros || 0) + " µs", false);
            }).catch(function (error) { if (mine === generation) setStatus(String(error.message || error), true); });
          }

          // An SVG answer as a node of this document, inline so that its elements can be styled and
          // clicked; null when the text is not an SVG document.
          function importSvg(text) {
            var parsed = new DOMParser().parseFromString(text, "image/svg+xml");
            var root = parsed.documentElement;
            if (!root || root.nodeName !== "svg") return null;
            Array.prototype.forEach.call(root.querySelectorAll("script, foreignObject"), function (node) { node.remove(); });
            return document.importNode(root, true);
          }

          function showPicture(text) {
            var root = importSvg(text);
            if (!root) { setStatus("the picture is not SVG", true); return; }
            pictureBox.textContent = "";
            pictureBox.appendChild(root);
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
              if (diagnostic.source) {
                item.appendChild(document.createTextNode(" "));
                item.appendChild(lineLink(diagnostic.source.line, diagnostic.source.column));
              }
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

          // The compare view: two requests, one POST /v1/diffs, the contact sheet and one cell's overlay.
          var compareView = {
            before: document.getElementById("compare-before"),
            after: document.getElementById("compare-after"),
            devices: document.getElementById("compare-devices"),
            tolerance: document.getElementById("compare-tolerance"),
            run: document.getElementById("compare-run"),
            status: document.getElementById("compare-status"),
            errors: document.getElementById("compare-errors"),
            curl: document.getElementById("compare-curl"),
            verdict: document.getElementById("compare-verdict"),
            summary: document.getElementById("compare-summary"),
            sheet: document.getElementById("compare-sheet"),
            overlay: document.getElementById("compare-overlay"),
            cellTitle: document.getElementById("compare-cell-title"),
            cell: document.getElementById("compare-cell"),
            changed: document.getElementById("compare-changed")
          };
          var report = null;
          var compareGeneration = 0;
          var overlayGeneration = 0;

          function setCompareStatus(text, problem) {
            compareView.status.textContent = text;
            compareView.status.className = problem ? "problem" : "";
          }
          function parseSide(textarea, side) {
            try {
              var value = JSON.parse(textarea.value);
              if (value === null || typeof value !== "object" || Array.isArray(value)) throw new Error("a request is a JSON object");
              textarea.classList.remove("invalid");
              return value;
            } catch (error) {
              textarea.classList.add("invalid");
              setCompareStatus("the " + side + " request is not valid JSON: " + error.message, true);
              return null;
            }
          }
          function compareBody() {
            var before = parseSide(compareView.before, "before");
            var after = before && parseSide(compareView.after, "after");
            if (!after) return null;
            var ids = compareView.devices.value.split(/[\s,]+/).filter(function (id) { return id.length > 0; });
            if (!ids.length) { setCompareStatus("name at least one device id (a full matrix of every device takes long)", true); return null; }
            var tolerance = Number(compareView.tolerance.value);
            if (compareView.tolerance.value.trim() === "" || !isFinite(tolerance)) { setCompareStatus("the tolerance is a number of points", true); return null; }
            return { before: { request: before }, after: { request: after }, matrix: { devices: ids }, tolerance: tolerance };
          }
          function compareCurl(body, id) {
            var quoted = "'" + JSON.stringify(body).replace(/'/g, "'\\''") + "'";
            var base = location.origin;
            var sheet = "/v1/diffs/" + (id ? encodeURIComponent(id) : "$DIFF_ID") + ".svg";
            return "curl -s -X POST '" + base + "/v1/diffs' -H \"Authorization: Bearer $API_KEY\" -H 'Content-Type: application/json' -d " + quoted +
              "\ncurl -s '" + base + sheet + "' -H \"Authorization: Bearer $API_KEY\" > sheet.svg" +
              "\ncurl -s '" + base + sheet + "?cell=CELL_KEY' -H \"Authorization: Bearer $API_KEY\" > cell.svg";
          }

          // A problem document as a status line and one entry per error, each naming the side its path
          // starts with (before.request… or after.request…) and marking that side's editor.
          function showCompareProblem(answer) {
            var response = answer.response;
            if (response.status === 401) { setCompareStatus("401: type a valid API key above", true); return; }
            var problem = null;
            try { problem = JSON.parse(answer.text); } catch (ignored) { problem = null; }
            if (!problem || typeof problem !== "object") { setCompareStatus(response.status + " " + answer.text.slice(0, 200), true); return; }
            setCompareStatus(response.status + " " + (problem.detail || problem.title || ""), true);
            (problem.errors || []).forEach(function (error) {
              var path = String(error.path || "$");
              var side = path.split(/[.\[]/)[0];
              var item = document.createElement("li");
              if (side === "before" || side === "after") {
                var chip = document.createElement("span");
                chip.className = "side";
                chip.textContent = side;
                item.appendChild(chip);
                compareView[side].classList.add("invalid");
              }
              var code = document.createElement("code");
              code.textContent = path;
              item.appendChild(code);
              item.appendChild(document.createTextNode(": " + (error.message || "")));
              compareView.errors.appendChild(item);
            });
            compareView.errors.setAttribute("data-count", String((problem.errors || []).length));
          }

          function clearReview() {
            report = null;
            compareView.errors.textContent = "";
            compareView.errors.removeAttribute("data-count");
            compareView.summary.textContent = "";
            ["data-id", "data-cells", "data-regressed", "data-changed", "data-improved", "data-unchanged"].forEach(function (name) {
              compareView.summary.removeAttribute(name);
            });
            compareView.verdict.textContent = "–";
            compareView.verdict.className = "badge";
            compareView.sheet.textContent = "";
            compareView.sheet.removeAttribute("data-diff");
            compareView.overlay.textContent = "";
            compareView.overlay.removeAttribute("data-key");
            compareView.cell.textContent = "";
            compareView.cellTitle.textContent = "Cell";
            compareView.changed.textContent = "";
            compareView.before.classList.remove("invalid");
            compareView.after.classList.remove("invalid");
          }

          // The change that matters most, in the order the contact sheet ranks its devices.
          function verdictOf(summary) {
            if (summary.regressed > 0) return { change: "regressed", text: summary.regressed + " of " + summary.cells + " cells gained a warning or error" };
            if (summary.changed > 0) return { change: "changed", text: summary.changed + " of " + summary.cells + " cells changed, none regressed" };
            if (summary.improved > 0) return { change: "improved", text: summary.improved + " of " + summary.cells + " cells lost a warning or error, none regressed" };
            return { change: "unchanged", text: "all " + summary.cells + " cells unchanged" };
          }

          function showReport(answer) {
            report = answer;
            var summary = answer.summary || {};
            var node = compareView.summary;
            node.setAttribute("data-id", answer.id);
            ["cells", "regressed", "changed", "improved", "unchanged"].forEach(function (name) {
              var count = Number(summary[name] || 0);
              node.setAttribute("data-" + name, String(count));
              var part = document.createElement("span");
              part.className = "count count-" + name;
              part.textContent = count + " " + name;
              node.appendChild(part);
            });
            var tolerance = document.createElement("span");
            tolerance.textContent = "tolerance " + answer.tolerance + " pt";
            node.appendChild(tolerance);
            var verdict = verdictOf(summary);
            compareView.verdict.textContent = verdict.change;
            compareView.verdict.className = "badge " + verdict.change;
            compareView.verdict.title = verdict.text;
            var changedCells = (answer.cells || []).filter(function (cell) { return cell.change !== "unchanged"; });
            changedCells.forEach(function (cell) {
              var item = document.createElement("li");
              var button = document.createElement("button");
              button.type = "button";
              button.className = cell.change;
              button.setAttribute("data-key", cell.key);
              button.textContent = cell.change + "  " + cell.key;
              button.addEventListener("click", function () { selectCell(cell.key); });
              item.appendChild(button);
              compareView.changed.appendChild(item);
            });
            if (!changedCells.length) {
              var none = document.createElement("li");
              none.textContent = "none";
              compareView.changed.appendChild(none);
            }
            return verdict;
          }

          function runCompare() {
            var body = compareBody();
            if (!body) return;
            var mine = ++compareGeneration;
            ++overlayGeneration;
            clearReview();
            compareView.curl.textContent = compareCurl(body, null);
            compareView.run.disabled = true;
            setCompareStatus("comparing " + body.matrix.devices.length + " device(s)…", false);
            fetch("/v1/diffs", { method: "POST", headers: headers("application/json"), body: JSON.stringify(body) }).then(answerOf).then(function (answer) {
              if (mine !== compareGeneration) return null;
              if (!answer.response.ok) { showCompareProblem(answer); return null; }
              var verdict = showReport(JSON.parse(answer.text));
              compareView.curl.textContent = compareCurl(body, report.id);
              setCompareStatus(verdict.text + "; drawing the contact sheet…", false);
              var diffID = report.id;
              return fetch("/v1/diffs/" + encodeURIComponent(diffID) + ".svg", { headers: authHeaders("image/svg+xml") }).then(answerOf).then(function (svg) {
                if (mine !== compareGeneration) return;
                if (!svg.response.ok) { showCompareProblem(svg); return; }
                var root = importSvg(svg.text);
                if (!root) { setCompareStatus("the contact sheet is not SVG", true); return; }
                compareView.sheet.appendChild(root);
                compareView.sheet.setAttribute("data-diff", diffID);
                setCompareStatus(verdict.text + ". Click a cell of the sheet for its overlay.", false);
              });
            }).catch(function (error) {
              if (mine === compareGeneration) setCompareStatus(String(error.message || error), true);
            }).then(function () {
              if (mine === compareGeneration) compareView.run.disabled = false;
            });
          }

          function describeList(values) { return values && values.length ? values.join(", ") : "—"; }
          function showCellRow(key) {
            var row = null;
            (report && report.cells || []).forEach(function (cell) { if (cell.key === key) row = cell; });
            compareView.cellTitle.textContent = key;
            compareView.cell.textContent = "";
            compareView.cell.setAttribute("data-key", key);
            if (!row) return;
            // One finding a line: its code, then its message.
            var diagnostics = function (list) {
              return list.map(function (diagnostic) { return diagnostic.code + (diagnostic.message ? ": " + diagnostic.message : ""); }).join("\n");
            };
            [
              ["change", row.change],
              ["status", row.statusBefore + " → " + row.statusAfter],
              ["moved", describeList(row.moved)],
              ["appeared", describeList(row.appeared)],
              ["vanished", describeList(row.vanished)],
              ["introduced", row.introducedDiagnostics && row.introducedDiagnostics.length ? diagnostics(row.introducedDiagnostics) : describeList(row.introduced)],
              ["resolved", row.resolvedDiagnostics && row.resolvedDiagnostics.length ? diagnostics(row.resolvedDiagnostics) : describeList(row.resolved)],
              ["viewport area", (row.viewportAreaChange > 0 ? "+" : "") + row.viewportAreaChange + " pt²"],
              ["prompt", row.promptChanged ? "changed" : "unchanged"]
            ].forEach(function (pair) {
              var term = document.createElement("dt");
              term.textContent = pair[0];
              var value = document.createElement("dd");
              value.textContent = pair[1];
              value.setAttribute("data-field", pair[0]);
              compareView.cell.appendChild(term);
              compareView.cell.appendChild(value);
            });
          }

          // Marks the cell in the sheet and the list (comparing attribute values, never building a
          // selector from a key), shows its row and loads its overlay.
          function selectCell(key) {
            if (!report) return;
            Array.prototype.forEach.call(document.querySelectorAll("#compare-view [data-key].selected"), function (node) { node.classList.remove("selected"); });
            Array.prototype.forEach.call(document.querySelectorAll("#compare-sheet [data-key], #compare-changed [data-key]"), function (node) {
              if (node.getAttribute("data-key") === key) node.classList.add("selected");
            });
            showCellRow(key);
            var mine = ++overlayGeneration;
            compareView.overlay.textContent = "loading the overlay…";
            compareView.overlay.removeAttribute("data-key");
            var url = "/v1/diffs/" + encodeURIComponent(report.id) + ".svg?cell=" + encodeURIComponent(key);
            fetch(url, { headers: authHeaders("image/svg+xml") }).then(answerOf).then(function (svg) {
              if (mine !== overlayGeneration) return;
              if (!svg.response.ok) { compareView.overlay.textContent = problemText(svg.response, svg.text); return; }
              var root = importSvg(svg.text);
              compareView.overlay.textContent = root ? "" : "the overlay is not SVG";
              if (!root) return;
              compareView.overlay.appendChild(root);
              compareView.overlay.setAttribute("data-key", key);
            }).catch(function (error) {
              if (mine === overlayGeneration) compareView.overlay.textContent = String(error.message || error);
            });
          }

          compareView.sheet.addEventListener("click", function (event) {
            var group = event.target.closest ? event.target.closest("[data-key]") : null;
            if (group && compareView.sheet.contains(group)) selectCell(group.getAttribute("data-key"));
          });
          compareView.run.addEventListener("click", runCompare);
          [compareView.before, compareView.after].forEach(function (textarea) {
            textarea.addEventListener("keydown", function (event) {
              if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) { event.preventDefault(); runCompare(); }
            });
            textarea.addEventListener("input", function () { textarea.classList.remove("invalid"); });
          });
          document.getElementById("compare-copy").addEventListener("click", function () {
            compareView.after.value = compareView.before.value;
            compareView.after.classList.remove("invalid");
          });
          addDevice.addEventListener("change", function () {
            var id = addDevice.value;
            addDevice.value = "";
            if (!id) return;
            var ids = compareView.devices.value.split(/[\s,]+/).filter(function (value) { return value.length > 0; });
            if (ids.indexOf(id) < 0) ids.push(id);
            compareView.devices.value = ids.join(", ");
          });

          // The tabs: the view shown is kept in the address's fragment, so a reload stays on it.
          function showView(name) {
            var compare = name === "compare";
            document.getElementById("single-view").hidden = compare;
            document.getElementById("compare-view").hidden = !compare;
            document.getElementById("tab-single").setAttribute("aria-selected", String(!compare));
            document.getElementById("tab-compare").setAttribute("aria-selected", String(compare));
            history.replaceState(null, "", location.pathname + location.search + (compare ? "#compare" : ""));
          }
          document.getElementById("tab-single").addEventListener("click", function () { showView("single"); });
          document.getElementById("tab-compare").addEventListener("click", function () { showView("compare"); });
          if (location.hash === "#compare") showView("compare");
          loadDevices();
        })();
        </script>
        </body>
        </html>
        """#
}

extension String {
    /// The text with every `placeholder` replaced; built without Foundation.
    fileprivate func replacingPlaceholders(_ placeholder: String, with replacement: String) -> String {
        var output = ""
        var rest = self[...]
        while let range = rest.firstRange(of: placeholder) {
            output += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return output + rest
    }
}
