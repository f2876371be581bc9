"""The web client: plain ES modules and CSS in `static/`, served by `cardtable serve`."""
