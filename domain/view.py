"""What a seat (or a spectator, seat None) may see: the game view and redacted events."""

from __future__ import annotations

from typing import Any

from domain import rules
from domain.catalogue import catalogue
from domain.codec import to_json
from domain.decide import awaited_seat
from domain.draft import draft_view
from domain.model import Attached, Buried, CardRef, GameState, Minion, Option


def _card(c: CardRef | Attached) -> dict[str, Any]:
    out: dict[str, Any] = {"uid": c.uid, "card": c.card, "owner": c.owner}
    if isinstance(c, Attached):
        out["controller"] = c.controller
    return out


def _minion(state: GameState, base: int, m: Minion) -> dict[str, Any]:
    return {
        "uid": m.uid,
        "card": m.card,
        "owner": m.owner,
        "controller": m.controller,
        "power": rules.power(state, base, m),
        "printed_power": rules.printed_power(m.card),
        "counters": m.counters,
        "attached": [_card(a) for a in m.attached],
    }


def _buried(c: Buried, viewer: int | None) -> dict[str, Any]:
    """A buried card: its public handle and controller; which card it is, to its controller."""
    out: dict[str, Any] = {"id": c.id, "controller": c.controller}
    if viewer == c.controller:
        out.update(uid=c.uid, card=c.card, owner=c.owner)
    return out


def option_view(o: Option) -> dict[str, Any]:
    """An option as a client sees it."""
    out: dict[str, Any] = {"id": o.id, "label": o.label}
    for key in ("uid", "card", "base", "seat"):
        if getattr(o, key) is not None:
            out[key] = getattr(o, key)
    return out


def awaiting(state: GameState, viewer: int | None) -> dict[str, Any] | None:
    """Who must act and how; options only for the seat that must choose."""
    seat = awaited_seat(state)
    if seat is None:
        return None
    proposal = state.table.proposal if state.table else None
    if proposal is not None:
        what = "a draw" if proposal.kind == "draw" else "taking back a move"
        prompt = f"Seat {proposal.seat} proposes {what}: accept or decline"
        return {"seat": seat, "kind": "answer", "proposal": proposal.kind, "prompt": prompt}
    d = state.pending
    if d is None and state.phase == "draft":
        return {"seat": seat, "kind": "pick", "prompt": "Pick a faction"}
    if d is None:
        return {"seat": seat, "kind": "play", "prompt": "Play cards, then end your turn"}
    out: dict[str, Any] = {"seat": seat, "kind": "choose", "decision": d.kind, "prompt": d.prompt}
    if d.source:
        out["source"] = d.source
    if viewer == seat:
        out["options"] = [option_view(o) for o in d.options]
    return out


def view(state: GameState, viewer: int | None) -> dict[str, Any]:
    """The game as `viewer` may see it: never another seat's hand nor any deck order."""
    cat = catalogue()
    players = []
    for p in state.players:
        item: dict[str, Any] = {
            "seat": p.seat,
            "name": p.name,
            "factions": list(p.factions),
            "bot": p.bot,
            "vp": p.vp,
            "hand_size": len(p.hand),
            "deck_size": len(p.deck),
            "discard": [_card(c) for c in p.discard],
            "plays": [to_json(a) for a in p.plays],
        }
        if viewer == p.seat:
            item["hand"] = [_card(c) for c in p.hand]
        players.append(item)
    bases = []
    for i, b in enumerate(state.bases):
        bdef = cat.base(b.card)
        bases.append(
            {
                "index": i,
                "card": b.card,
                "name": cat.name(bdef, "en"),
                "breakpoint": rules.breakpoint(state, i),
                "printed_breakpoint": bdef.breakpoint,
                "vp": list(bdef.vp),
                "total_power": rules.total_power(state, i),
                "ability_active": rules.base_active(state, i),
                "attached": [_card(a) for a in b.attached],
                "minions": [_minion(state, i, m) for m in b.minions],
            }
        )
        if b.buried:  # only with buried cards, so views of games without burying keep their form
            bases[-1]["buried"] = [_buried(c, viewer) for c in b.buried]
    duel: dict[str, Any] = {}
    if state.duel is not None:  # a face-down card is shown to its owner only
        d = state.duel
        face_down = [_card(c) if c.owner == viewer else {"owner": c.owner} for c in d.face_down]
        duel = {
            "duel": {"challenger": d.challenger, "challenged": d.challenged, "face_down": face_down}
        }
    clock = {} if state.clock is None else {"clock": {**to_json(state.clock), "deadline": None}}
    scoring = next((i for i, b in enumerate(state.bases) if b.card == state.scoring), None)
    return {
        "id": state.game_id,
        "version": state.version,
        "status": state.status,
        "phase": state.phase,
        "turn": state.turn,
        "active_seat": state.active,
        "first_seat": state.first_seat,
        "winner": state.winner,
        **({"end_reason": state.end_reason} if state.end_reason is not None else {}),
        "scripted": state.scripted,
        "awaiting": awaiting(state, viewer),
        "players": players,
        "bases": bases,
        "scoring_base": scoring,
        "base_deck_size": len(state.base_deck),
        "base_discard": list(state.base_discard),
        "resolving": [_card(c) for c in state.resolving],
        **duel,
        **clock,
        # only when there are some, so views of games without them keep their form
        **({"box": [_card(c) for c in state.box]} if state.box else {}),
        **({"uncovered": [_card(c) for c in state.uncovered]} if state.uncovered else {}),
        **_table(state),
        **({"draft": draft_view(state)} if state.draft is not None else {}),
    }


def _table(state: GameState) -> dict[str, Any]:
    """Resigned seats and the open proposal, only when there are some."""
    t = state.table
    if t is None or (not t.resigned and t.proposal is None):
        return {}
    out: dict[str, Any] = {"resigned": list(t.resigned)}
    if t.proposal is not None:
        p = t.proposal
        out["proposal"] = {"kind": p.kind, "seat": p.seat, "accepted": list(p.accepted)}
        if p.kind == "takeback":
            out["proposal"]["version"] = p.version
    return {"table": out}


def redact_payload(kind: str, payload: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """An event payload as `viewer` may see it (hidden cards become counts)."""
    p = dict(payload)
    if kind == "game_created":
        p.pop("seed", None)
        players = []
        for pl in p["players"]:
            pl = dict(pl)
            pl["deck_size"] = len(pl.pop("deck"))
            if viewer != pl["seat"]:
                pl["hand_size"] = len(pl.pop("hand"))
            players.append(pl)
        p["players"] = players
        p["base_deck_size"] = len(p.pop("base_deck"))
    elif kind == "factions_dealt":  # the decks' orders are hidden: their sizes are public
        p["deck_sizes"] = [len(deck) for deck in p.pop("decks")]
        p["base_deck_size"] = len(p.pop("base_deck"))
    elif kind == "cards_drawn" and viewer != p["seat"]:
        p["count"] = len(p.pop("cards"))
    elif kind == "deck_reshuffled":
        p["count"] = len(p.pop("order"))
    elif kind == "card_moved" and not p["public"] and viewer != p["owner"]:
        p.pop("uid")
        p.pop("card")
    elif kind == "card_taken" and not p["public"]:
        if viewer not in (p["owner"], p["from_seat"], p["seat"]):
            p.pop("uid")
            p.pop("card")
            p.pop("owner")  # whose card it is would tell which one of a hand it was
    elif kind == "card_buried" and not p["public"] and viewer != p["controller"]:
        p.pop("uid")
        p.pop("card")
        p.pop("owner")  # whose card it is would say something of a card taken from a hand
    elif kind == "duel_card_placed" and viewer != p["seat"]:
        p.pop("uid")  # face down: only the seat that placed it knows the card
        p.pop("card")
    elif kind == "deck_shuffled":
        p["count"] = len(p.pop("order"))
    elif kind == "card_revealed" and p.get("to_seat") is not None and viewer != p["to_seat"]:
        p.pop("uid")
        p.pop("card")
    elif kind == "hand_revealed" and viewer not in (p["seat"], p["to_seat"]):
        p["count"] = len(p.pop("cards"))
    elif kind == "base_deck_shuffled":
        p["count"] = len(p.pop("order"))
    elif kind == "base_deck_reordered" and viewer != p.get("seat"):
        p.pop("top")
    elif kind == "decision_requested":
        d = dict(p["decision"])
        d.pop("stack", None)
        d.pop("then", None)
        if viewer != d["seat"]:
            d.pop("options", None)
        else:
            d["options"] = [{k: v for k, v in o.items() if v is not None} for o in d["options"]]
        p["decision"] = d
    elif kind == "decision_made" and viewer != p["seat"]:
        # The option may name a hidden card (a uid from a probed hand, the base put on top of
        # the base deck); what the choice does to the table is in the events that follow.
        p.pop("option")
    return p
