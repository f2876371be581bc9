"""`cardtable bot`: an agent plays one seat of a game on a cardtable server through the
public websocket protocol (docs/protocol.md), as a program in any language could."""

from cardtable.bot.client import BotError, BotResult, play_seat
from cardtable.bot.link import SeatLink, parse_link

__all__ = ["BotError", "BotResult", "SeatLink", "parse_link", "play_seat"]
