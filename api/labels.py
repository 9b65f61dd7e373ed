"""Labels of moves and decision options in the caller's language (``?lang=``, else
``Accept-Language``, else English), with card and base names from the catalogue.

A label names only what its caller may know: a card it is about to play (from its own hand
or discard pile), a card in play, a base, or what the decision's option already shows that
seat. Another seat's hidden card is never looked up.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from flask import request

from api.schemas import LANGUAGES, LangQuery, load_query
from domain import GameState
from domain.catalogue import catalogue
from domain.table import TABLE_COMMANDS

TABLE_KINDS = frozenset(c.type for c in TABLE_COMMANDS)

DEFAULT = "en"

_PHRASES: Mapping[str, Mapping[str, str]] = {
    "en": {
        "play": "Play {card}",
        "play_on": "Play {card} on {where}",
        "use_special": "Use the Special of {card}",
        "use_talent": "Use the Talent of {card}",
        "end_turn": "End the turn",
        "resign": "Resign",
        "abort": "Abort the game",
        "offer_draw": "Offer a draw",
        "accept_draw": "Accept the draw",
        "decline_draw": "Decline the draw",
        "takeback": "Ask to take back your last move",
        "accept_takeback": "Accept the takeback",
        "decline_takeback": "Decline the takeback",
        "pick_faction": "Pick the {faction}",
        "unknown": "a card",
        " on ": " on ",
    },
    "fr": {
        "play": "Jouer {card}",
        "play_on": "Jouer {card} sur {where}",
        "use_special": "Utiliser le Spécial de {card}",
        "use_talent": "Utiliser le Talent de {card}",
        "end_turn": "Finir le tour",
        "resign": "Abandonner",
        "abort": "Annuler la partie",
        "offer_draw": "Proposer la nulle",
        "accept_draw": "Accepter la nulle",
        "decline_draw": "Refuser la nulle",
        "takeback": "Demander à reprendre votre dernier coup",
        "accept_takeback": "Accepter la reprise",
        "decline_takeback": "Refuser la reprise",
        "pick_faction": "Choisir la faction {faction}",
        "unknown": "une carte",
        " on ": " sur ",
        "Skip": "Passer",
        "Pass": "Passer",
        "Done": "Terminé",
        "Stop": "Arrêter",
        "Keep this hand": "Garder cette main",
        "Show this hand, discard it and draw 5 new cards": (
            "Montrer cette main, la défausser et piocher 5 nouvelles cartes"
        ),
        "Draw a card": "Piocher une carte",
    },
    "es": {
        "play": "Jugar {card}",
        "play_on": "Jugar {card} en {where}",
        "use_special": "Usar la habilidad especial de {card}",
        "use_talent": "Usar el talento de {card}",
        "end_turn": "Terminar el turno",
        "resign": "Rendirse",
        "abort": "Anular la partida",
        "offer_draw": "Ofrecer tablas",
        "accept_draw": "Aceptar las tablas",
        "decline_draw": "Rechazar las tablas",
        "takeback": "Pedir deshacer tu última jugada",
        "accept_takeback": "Aceptar deshacer la jugada",
        "decline_takeback": "Rechazar deshacer la jugada",
        "pick_faction": "Escoger la facción {faction}",
        "unknown": "una carta",
        " on ": " en ",
        "Skip": "Pasar",
        "Pass": "Pasar",
        "Done": "Hecho",
        "Stop": "Parar",
        "Keep this hand": "Quedarse con esta mano",
        "Show this hand, discard it and draw 5 new cards": (
            "Enseñar esta mano, descartarla y robar 5 cartas nuevas"
        ),
        "Draw a card": "Robar una carta",
    },
}


def language(asked: str | None) -> str:
    """The caller's language: ``asked`` (its ``?lang=``, loaded by the route's query schema),
    else the best match of ``Accept-Language``, else English."""
    if asked is not None:
        return asked
    best = request.accept_languages.best_match(LANGUAGES)
    return best or DEFAULT


def query_language() -> str:
    """The caller's language for a route whose only query parameter is ``?lang=`` (en, fr or
    es; 422 otherwise)."""
    asked: str | None = load_query(LangQuery, request.args)["lang"]
    return language(asked)


def _name(card: str, lang: str) -> str:
    return catalogue().name(card, lang)


def _known_cards(state: GameState, seat: int) -> Iterator[tuple[str, str]]:
    """(uid, card id) of every card ``seat`` may know by uid: its hand and discard pile and
    what is in play or being resolved (bases by their card id); never a card of a deck."""
    player = state.players[seat]
    for pile in (player.hand, player.discard):
        for c in pile:
            yield c.uid, c.card
    for b in state.bases:
        yield b.card, b.card
        for a in b.attached:
            yield a.uid, a.card
        for m in b.minions:
            yield m.uid, m.card
            for a in m.attached:
                yield a.uid, a.card
    for c in (*state.resolving, *state.uncovered):
        yield c.uid, c.card


def _card_name(state: GameState, seat: int, uid: str, lang: str) -> str:
    found = next((card for u, card in _known_cards(state, seat) if u == uid), None)
    return _PHRASES[lang]["unknown"] if found is None else _name(found, lang)


def _base_name(state: GameState, index: int, lang: str) -> str:
    return _name(state.bases[index].card, lang) if 0 <= index < len(state.bases) else str(index)


def option_label(state: GameState, option: Mapping[str, Any], lang: str) -> str:
    """An option's label in ``lang``: its card's and base's names translated (the option
    shows them to its seat already), and the few fixed words (Skip, Pass, Done)."""
    label = str(option["label"])
    if lang == DEFAULT:
        return label
    phrases = _PHRASES[lang]
    if label in phrases:
        return phrases[label]
    card = option.get("card")
    if isinstance(card, str):
        label = label.replace(_name(card, DEFAULT), _name(card, lang))
    base = option.get("base")
    if isinstance(base, int) and 0 <= base < len(state.bases):
        where = state.bases[base].card
        label = label.replace(_name(where, DEFAULT), _name(where, lang))
    return label.replace(" on ", phrases[" on "])


def move_label(
    state: GameState, seat: int, body: Mapping[str, Any], options: Mapping[str, Any], lang: str
) -> str:
    """What posting ``body`` does, told in ``lang`` ("Play Laseratops on Tortuga");
    ``options`` maps the pending decision's option ids to their views."""
    phrases = _PHRASES[lang]
    kind = body["type"]
    if kind == "choose":
        chosen = options.get(body["option"])
        return body["option"] if chosen is None else option_label(state, chosen, lang)
    if kind == "end_turn" or kind in TABLE_KINDS:
        return phrases[kind]
    if kind == "pick_faction":
        faction = str(body["faction"])
        known = faction in catalogue().factions
        return phrases[kind].format(faction=catalogue().name(faction, lang) if known else faction)
    card = _card_name(state, seat, str(body["card"]), lang)
    if kind in ("use_special", "use_talent"):
        return phrases[kind].format(card=card)
    if body.get("target") is not None:
        where = _card_name(state, seat, str(body["target"]), lang)
        return phrases["play_on"].format(card=card, where=where)
    if body.get("base") is not None:
        where = _base_name(state, int(body["base"]), lang)
        return phrases["play_on"].format(card=card, where=where)
    return phrases["play"].format(card=card)


def needs_localizing(shown: Mapping[str, Any], lang: str) -> bool:
    """Whether a view or answer shows options whose labels ``lang`` changes."""
    awaited = shown.get("awaiting")
    return lang != DEFAULT and isinstance(awaited, dict) and "options" in awaited


def localize_options(state: GameState, shown: dict[str, Any], lang: str) -> dict[str, Any]:
    """A game view (or command answer) with its awaited decision's option labels in ``lang``
    (a new dict: ``shown`` is left as it is)."""
    if not needs_localizing(shown, lang):
        return shown
    awaited = shown["awaiting"]
    options = [{**o, "label": option_label(state, o, lang)} for o in awaited["options"]]
    return {**shown, "awaiting": {**awaited, "options": options}}
