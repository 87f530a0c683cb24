"""Serve one anywidget widget to a browser, without Jupyter: the page and the widget's model over HTTP.

A notebook front end loads a widget's ES module and calls its ``render({model,
el})`` with a model whose ``get``, ``set``, ``save_changes``, ``on`` and
``send`` reach the Python widget through the kernel.  This host does the same
with plain HTTP: the page imports the widget's ``_esm`` as a module, the model
reads the widget's synced traits (``GET /state``), writes them (``POST /set``)
and sends custom messages (``POST /msg``, handled by the widget's ``on_msg``
callbacks), one at a time in the order sent, as a kernel takes messages; each
answer carries the state after the change, and the model fires
``change:<name>`` for every trait that changed, as a front end does.

    with WidgetHost(Board(Clobber("xo.|ox."))) as url:
        ...   # open url in a browser

The browser test (``tests/play/test_board_browser.py``) and the screenshot in the
docs (``docs_build/board_screenshot.py``) use it.
"""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>cgt board</title><style>{css}</style></head>
<body style="margin:16px">
<div id="widget"></div>
<script type="module">
// One request at a time, answered in the order sent, as a kernel's messages are: each answer carries the
// whole state, so an answer overtaken by a later one would bring back an older state.
let queue = Promise.resolve();
const post = (path, body) => (queue = queue.then(
  async () => (await fetch(path, {{method: "POST", body: JSON.stringify(body)}})).json()));
const state = await (await fetch("/state")).json();
const listeners = {{}};
let pending = {{}};
const fire = (event) => (listeners[event] || []).forEach((callback) => callback());
const apply = (fresh) => {{
  const changed = Object.keys(fresh).filter((key) => JSON.stringify(fresh[key]) !== JSON.stringify(state[key]));
  changed.forEach((key) => {{ state[key] = fresh[key]; }});
  changed.forEach((key) => fire("change:" + key));
  if (changed.length) fire("change");
  document.body.dataset.updates = String(Number(document.body.dataset.updates || 0) + 1);
}};
const model = {{
  get: (key) => state[key],
  set: (key, value) => {{ state[key] = value; pending[key] = value; }},
  save_changes: async () => {{ const sent = pending; pending = {{}}; apply(await post("/set", sent)); }},
  on: (event, callback) => {{ (listeners[event] ||= []).push(callback); }},
  off: (event, callback) => {{ listeners[event] = (listeners[event] || []).filter((c) => c !== callback); }},
  send: async (content) => apply(await post("/msg", content)),
}};
const module = await import("/widget.js");
const widget = module.default ?? module;
await widget.render({{model, el: document.getElementById("widget")}});
document.body.dataset.ready = "true";
</script>
</body></html>
"""


def _state(widget):
    """The widget's synced traits a front end sees (not the module text or the layout)."""
    return {name: getattr(widget, name) for name in widget.keys
            if not name.startswith("_") and name not in ("layout", "tabbable", "tooltip")}


class WidgetHost:
    """A local HTTP server for one widget; ``with WidgetHost(widget) as url`` serves it until the block ends."""

    def __init__(self, widget):
        self.widget = widget
        self.lock = threading.Lock()
        self.server = None

    def __enter__(self):
        host = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def reply(self, body, kind):
                data = body.encode()
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):
                if self.path == "/":
                    self.reply(_PAGE.format(css=host.widget._css), "text/html")
                elif self.path == "/widget.js":
                    self.reply(host.widget._esm, "text/javascript")
                elif self.path == "/state":
                    with host.lock:
                        self.reply(json.dumps(_state(host.widget)), "application/json")
                else:
                    self.send_error(404)

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])) or "{}")
                with host.lock:
                    if self.path == "/set":
                        for name, value in body.items():
                            setattr(host.widget, name, value)
                    elif self.path == "/msg":
                        host.widget._handle_custom_msg(body, [])
                    else:
                        self.send_error(404)
                        return
                    self.reply(json.dumps(_state(host.widget)), "application/json")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{self.server.server_address[1]}/"

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
