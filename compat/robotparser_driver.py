"""Drives Python's own urllib.robotparser for the differential suite.

Standard library only. One process serves a whole suite run: it reads JSON
lines on stdin and writes one JSON line per request on stdout, in order,
flushed, so a caller can ask more questions after reading answers.

First output line: {"python": "3.11.7 ...", "version": [3, 11, 7]}.

Request:  {"id": 1, "robots": "<text>", "queries": [[ua, url], ...],
           "agents": [ua, ...]}
Response: {"id": 1, "error": null, "canFetch": [true, ...],
           "crawlDelay": [5, null, ...], "requestRate": [[1, 5], null, ...],
           "siteMaps": ["...", ...] or null}

The text is split with str.splitlines(), as RobotFileParser.read() does with
the body it fetched. An exception while parsing is reported in "error" (with
every answer null): some Python versions raise on some files.

A request with "read" instead of "robots" has RobotFileParser(url).read()
fetch the URL itself (no proxy, whatever the environment says):
Request:  {"id": 2, "read": "http://127.0.0.1:.../robots.txt",
           "queries": [[ua, url], ...]}
Response: {"id": 2, "before": [...], "error": null or "HTTPError: ...",
           "canFetch": [...], "mtime": 0 or a time}
"before" holds the can_fetch answers before read(), "canFetch" those after
it, whether read() raised or not.

A request with "steps" runs several read() and parse() calls on one parser,
in order, answering after each, so that what one leaves for the next shows:
Request:  {"id": 3, "steps": [{"read": url} or {"parse": text}, ...],
           "queries": [[ua, url], ...], "agents": [ua, ...]}
Response: {"id": 3, "before": [...], "steps": [{"error": ..., "canFetch":
           [...], "crawlDelay": [...], "mtime": 0 or a time}, ...]}
"""

import json
import sys
import urllib.request
import urllib.robotparser

# read() goes to a local test server: never through a proxy from the environment.
urllib.request.install_opener(urllib.request.build_opener(urllib.request.ProxyHandler({})))


def read(request):
    parser = urllib.robotparser.RobotFileParser(request["read"])
    queries = request["queries"]
    before = [parser.can_fetch(ua, url) for ua, url in queries]
    error = None
    try:
        parser.read()
    except Exception as err:
        error = f"{type(err).__name__}: {err}"
    return {
        "id": request["id"],
        "before": before,
        "error": error,
        "canFetch": [parser.can_fetch(ua, url) for ua, url in queries],
        "mtime": parser.mtime(),
    }


def steps(request):
    parser = urllib.robotparser.RobotFileParser()
    queries = request["queries"]
    before = [parser.can_fetch(ua, url) for ua, url in queries]
    answers = []
    for step in request["steps"]:
        error = None
        try:
            if "read" in step:
                parser.set_url(step["read"])
                parser.read()
            else:
                parser.parse(step["parse"].splitlines())
        except Exception as err:
            error = f"{type(err).__name__}: {err}"
        answers.append({
            "error": error,
            "canFetch": [parser.can_fetch(ua, url) for ua, url in queries],
            "crawlDelay": [parser.crawl_delay(ua) for ua in request["agents"]],
            "mtime": parser.mtime(),
        })
    return {"id": request["id"], "before": before, "steps": answers}


def answer(request):
    if "steps" in request:
        return steps(request)
    if "read" in request:
        return read(request)
    parser = urllib.robotparser.RobotFileParser()
    try:
        parser.parse(request["robots"].splitlines())
    except Exception as err:  # reported, not fatal: the crash is a finding
        return {"id": request["id"], "error": f"{type(err).__name__}: {err}"}

    def call(fn, *args):
        try:
            return fn(*args)
        except Exception as err:
            return {"error": f"{type(err).__name__}: {err}"}

    def rate(ua):
        value = call(parser.request_rate, ua)
        if value is None or isinstance(value, dict):
            return value
        return [value.requests, value.seconds]

    site_maps = getattr(parser, "site_maps", None)
    return {
        "id": request["id"],
        "error": None,
        "canFetch": [call(parser.can_fetch, ua, url) for ua, url in request["queries"]],
        "crawlDelay": [call(parser.crawl_delay, ua) for ua in request["agents"]],
        "requestRate": [rate(ua) for ua in request["agents"]],
        "siteMaps": call(site_maps) if site_maps else {"error": "no site_maps()"},
    }


def main():
    out = sys.stdout
    info = sys.version_info
    out.write(json.dumps({"python": sys.version, "version": [info[0], info[1], info[2]]}) + "\n")
    out.flush()
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        out.write(json.dumps(answer(json.loads(line.decode("utf-8")))) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
