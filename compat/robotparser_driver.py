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
"""

import json
import sys
import urllib.robotparser


def answer(request):
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
