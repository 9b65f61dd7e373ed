"""The card catalogue loads the packaged YAML data once, checks it and answers look-ups."""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from typing import Any

import pytest

from domain.catalogue import (
    FACTION_SIZE,
    Catalogue,
    CatalogueError,
    Named,
    build_catalogue,
    catalogue,
    load_documents,
)

CORE = "core"
OOPS = "oops_you_did_it_again"
CEASE = "cease_and_desist"


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return catalogue()


@pytest.fixture
def documents() -> list[dict[str, Any]]:
    """A private, mutable copy of the raw set documents for the validation tests."""
    return copy.deepcopy(load_documents())


def _document(documents: list[dict[str, Any]], set_id: str) -> dict[str, Any]:
    return next(doc for doc in documents if doc["set"] == set_id)


def _raw_card(documents: list[dict[str, Any]], card_id: str) -> dict[str, Any]:
    for doc in documents:
        for faction in doc["factions"]:
            for card in faction["cards"]:
                if card["id"] == card_id:
                    return card  # type: ignore[no-any-return]
    raise AssertionError(card_id)


# --- counts -------------------------------------------------------------------------------------


def test_catalogue_is_loaded_once_and_cached() -> None:
    assert catalogue() is catalogue()


def test_there_are_three_sets_in_catalogue_order(cat: Catalogue) -> None:
    assert list(cat.sets) == [CORE, OOPS, CEASE]


def test_there_are_sixteen_factions_eight_core_and_four_per_expansion(cat: Catalogue) -> None:
    assert len(cat.factions) == 16
    per_set = Counter(faction.set for faction in cat.factions.values())
    assert per_set == {CORE: 8, OOPS: 4, CEASE: 4}


def test_there_are_320_card_copies_in_all(cat: Catalogue) -> None:
    assert sum(card.count for card in cat.cards.values()) == 320


def test_every_faction_has_exactly_twenty_card_copies(cat: Catalogue) -> None:
    for faction in cat.factions.values():
        total = sum(cat.card(card_id).count for card_id in faction.card_ids)
        assert total == FACTION_SIZE == 20, faction.id


def test_there_are_32_bases_sixteen_core_and_eight_per_expansion(cat: Catalogue) -> None:
    assert len(cat.bases) == 32
    assert Counter(base.set for base in cat.bases.values()) == {CORE: 16, OOPS: 8, CEASE: 8}


def test_each_faction_lists_exactly_the_cards_that_name_it(cat: Catalogue) -> None:
    for faction in cat.factions.values():
        owned = [card.id for card in cat.cards.values() if card.faction == faction.id]
        assert list(faction.card_ids) == owned
        assert all(cat.card(card_id).set == faction.set for card_id in faction.card_ids)


def test_card_and_base_ids_never_collide(cat: Catalogue) -> None:
    assert not set(cat.cards) & set(cat.bases)
    assert all(base_id.startswith("base.") for base_id in cat.bases)


# --- known facts --------------------------------------------------------------------------------


def test_aliens_collector_is_a_power_2_minion_with_four_copies_and_a_spanish_name(
    cat: Catalogue,
) -> None:
    collector = cat.card("aliens.collector")
    assert collector.type == "minion"
    assert collector.power == 2
    assert collector.count == 4
    assert collector.faction == "aliens"
    assert collector.set == CORE
    assert collector.names["es"] == "Recolector"
    assert cat.name(collector, "es") == "Recolector"
    assert collector.action_kind is None
    assert collector.timing == ("on_play",)


def test_jungle_oasis_breaks_at_12_pays_only_the_winner_and_has_a_french_name(
    cat: Catalogue,
) -> None:
    oasis = cat.base("base.jungle_oasis")
    assert oasis.breakpoint == 12
    assert oasis.vp == (2, 0, 0)
    assert oasis.faction == "dinosaurs"
    assert oasis.set == CORE
    assert cat.name(oasis, "fr") == "Oasis Luxuriant"
    assert oasis.effect == ""  # a base without an ability


def test_king_rex_is_a_power_7_vanilla_minion(cat: Catalogue) -> None:
    king_rex = cat.card("dinosaurs.king_rex")
    assert king_rex.power == 7
    assert king_rex.count == 1
    assert king_rex.timing == ()


def test_ghost_knight_keeps_its_printed_power_of_zero(cat: Catalogue) -> None:
    assert cat.card("astroknights.ghost_knight").power == 0


def test_actions_have_an_action_kind_and_no_power(cat: Catalogue) -> None:
    actions = [card for card in cat.cards.values() if card.type == "action"]
    assert actions
    assert all(card.power is None for card in actions)
    assert {card.action_kind for card in actions} == {"standard", "ongoing_base", "ongoing_minion"}
    assert cat.card("aliens.beam_up").action_kind == "standard"


def test_only_minions_and_actions_exist_and_every_minion_has_a_power(cat: Catalogue) -> None:
    assert {card.type for card in cat.cards.values()} == {"minion", "action"}
    minions = [card for card in cat.cards.values() if card.type == "minion"]
    assert all(isinstance(card.power, int) for card in minions)


def test_cards_without_notes_get_an_empty_string(cat: Catalogue) -> None:
    beam_up = cat.card("aliens.beam_up")  # the core file gives it no notes
    assert beam_up.notes == ""
    assert beam_up.effect


def test_faction_set_names_the_box_a_faction_comes_from(cat: Catalogue) -> None:
    assert cat.faction_set("aliens") == CORE
    assert cat.faction_set("vikings") == OOPS
    assert cat.faction_set("star_roamers") == CEASE


def test_definitions_are_frozen_hashable_and_read_only(cat: Catalogue) -> None:
    collector = cat.card("aliens.collector")
    with pytest.raises(dataclasses.FrozenInstanceError):
        collector.power = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        collector.names["fr"] = "Collectionneur"  # type: ignore[index]
    with pytest.raises(TypeError):
        cat.cards["x.y"] = collector  # type: ignore[index]
    assert {collector, cat.card("aliens.collector")} == {collector}
    assert hash(cat.base("base.tar_pits")) == hash(cat.base("base.tar_pits"))


# --- deck_for / bases_for_sets ------------------------------------------------------------------


def test_deck_for_two_factions_gives_40_cards_with_copies_repeated_by_count(
    cat: Catalogue,
) -> None:
    deck = cat.deck_for(["aliens", "dinosaurs"])
    assert len(deck) == 40
    copies = Counter(deck)
    assert copies["aliens.collector"] == 4
    assert copies["dinosaurs.king_rex"] == 1
    assert {cat.card(card_id).faction for card_id in deck} == {"aliens", "dinosaurs"}
    assert all(copies[card_id] == cat.card(card_id).count for card_id in copies)


def test_deck_for_keeps_faction_order_then_catalogue_order(cat: Catalogue) -> None:
    deck = cat.deck_for(["vikings", "aliens"])
    assert deck[:20] == cat.deck_for(["vikings"])
    assert deck[20:] == cat.deck_for(["aliens"])
    firsts = list(dict.fromkeys(deck[20:]))
    assert firsts == list(cat.factions["aliens"].card_ids)


def test_deck_for_a_single_faction_gives_20_cards(cat: Catalogue) -> None:
    assert len(cat.deck_for(["astroknights"])) == 20


def test_deck_for_rejects_a_faction_given_twice(cat: Catalogue) -> None:
    with pytest.raises(ValueError, match="only once"):
        cat.deck_for(["aliens", "aliens"])


def test_deck_for_an_unknown_faction_raises_key_error(cat: Catalogue) -> None:
    with pytest.raises(KeyError, match="unknown faction id 'muppets'"):
        cat.deck_for(["aliens", "muppets"])


def test_deck_for_refuses_a_bare_string(cat: Catalogue) -> None:
    with pytest.raises(TypeError, match="not the string"):
        cat.deck_for("aliens")


def test_bases_for_the_core_set_are_its_sixteen_bases_in_file_order(cat: Catalogue) -> None:
    bases = cat.bases_for_sets([CORE])
    assert len(bases) == 16
    assert bases[0] == "base.the_homeworld"
    assert "base.jungle_oasis" in bases
    assert all(cat.base(base_id).set == CORE for base_id in bases)


def test_bases_for_two_sets_come_in_catalogue_order(cat: Catalogue) -> None:
    bases = cat.bases_for_sets([CEASE, CORE])
    assert len(bases) == 24
    assert bases[:16] == cat.bases_for_sets([CORE])
    assert bases[16:] == cat.bases_for_sets([CEASE])


def test_bases_for_all_sets_are_all_32_bases(cat: Catalogue) -> None:
    assert cat.bases_for_sets(cat.sets) == list(cat.bases)


def test_bases_for_no_sets_is_empty(cat: Catalogue) -> None:
    assert cat.bases_for_sets([]) == []


def test_bases_for_an_unknown_set_raises_key_error(cat: Catalogue) -> None:
    with pytest.raises(KeyError, match="unknown set"):
        cat.bases_for_sets([CORE, "awesome_level_9000"])


# --- names --------------------------------------------------------------------------------------


def test_name_falls_back_to_english_when_the_language_is_missing(cat: Catalogue) -> None:
    beam_up = cat.card("aliens.beam_up")
    assert "fr" not in beam_up.names
    assert cat.name(beam_up, "fr") == "Beam Up"
    assert cat.name(beam_up, "de") == "Beam Up"


def test_untranslated_null_names_are_dropped_and_fall_back_to_english(cat: Catalogue) -> None:
    gunfighter = cat.card("cowboys.gunfighter")  # the data says fr: null
    assert set(gunfighter.names) == {"en"}
    assert cat.name(gunfighter, "fr") == "Gunfighter"


def test_name_defaults_to_english_and_accepts_regional_tags(cat: Catalogue) -> None:
    oasis = cat.base("base.jungle_oasis")
    assert cat.name(oasis) == "Jungle Oasis"
    assert cat.name(oasis, "fr-CA") == "Oasis Luxuriant"
    assert cat.name(oasis, "ES_mx") == "Oasis selvático"


def test_name_works_for_factions_sets_and_plain_ids(cat: Catalogue) -> None:
    assert cat.name(cat.factions["dinosaurs"], "fr") == "Dinosaures"
    assert cat.name(cat.sets[OOPS], "fr") == "Vous En Voulez Encore ?"
    assert cat.name(cat.sets[OOPS], "es") == "Oops, You Did It Again"
    assert cat.name("aliens.collector", "es") == "Recolector"
    assert cat.name("tricksters", "fr") == "Petit Peuple"
    assert cat.name("base.tar_pits") == "Tar Pits"


def test_every_definition_has_an_english_name(cat: Catalogue) -> None:
    named: list[Named] = [
        *cat.sets.values(),
        *cat.factions.values(),
        *cat.cards.values(),
        *cat.bases.values(),
    ]
    assert all(item.names["en"] for item in named)


# --- unknown ids --------------------------------------------------------------------------------


def test_an_unknown_card_id_raises_key_error_naming_it(cat: Catalogue) -> None:
    with pytest.raises(KeyError, match=r"unknown card id 'aliens\.nope'"):
        cat.card("aliens.nope")


def test_an_unknown_base_id_raises_key_error_naming_it(cat: Catalogue) -> None:
    with pytest.raises(KeyError, match=r"unknown base id 'base\.nowhere'"):
        cat.base("base.nowhere")


def test_a_base_id_is_not_a_card_id(cat: Catalogue) -> None:
    with pytest.raises(KeyError, match="unknown card id"):
        cat.card("base.tar_pits")


def test_faction_set_of_an_unknown_faction_raises_key_error(cat: Catalogue) -> None:
    with pytest.raises(KeyError, match="unknown faction id"):
        cat.faction_set("muppets")


def test_name_of_an_unknown_id_raises_key_error(cat: Catalogue) -> None:
    with pytest.raises(KeyError, match="unknown card, base, faction or set id"):
        cat.name("nothing.here", "en")


# --- validation on load -------------------------------------------------------------------------


def test_the_untouched_documents_build_the_same_catalogue(
    documents: list[dict[str, Any]], cat: Catalogue
) -> None:
    rebuilt = build_catalogue(documents)
    assert rebuilt.cards == cat.cards
    assert rebuilt.bases == cat.bases


def test_a_faction_that_does_not_total_twenty_cards_is_rejected(
    documents: list[dict[str, Any]],
) -> None:
    _raw_card(documents, "aliens.collector")["count"] = 3
    with pytest.raises(CatalogueError, match="faction 'aliens': has 19 cards, expected 20"):
        build_catalogue(documents)


def test_a_base_reusing_a_card_id_is_rejected(documents: list[dict[str, Any]]) -> None:
    _document(documents, OOPS)["bases"][0]["id"] = "aliens.collector"
    with pytest.raises(CatalogueError, match=r"'aliens\.collector' already used"):
        build_catalogue(documents)


def test_a_card_id_used_twice_is_rejected(documents: list[dict[str, Any]]) -> None:
    _raw_card(documents, "aliens.beam_up")["id"] = "aliens.collector"
    with pytest.raises(CatalogueError, match="already used"):
        build_catalogue(documents)


def test_a_base_of_an_unknown_faction_is_rejected(documents: list[dict[str, Any]]) -> None:
    _document(documents, CORE)["bases"][0]["faction"] = "muppets"
    with pytest.raises(CatalogueError, match="unknown faction 'muppets'"):
        build_catalogue(documents)


def test_a_set_with_the_wrong_number_of_bases_is_rejected(
    documents: list[dict[str, Any]],
) -> None:
    _document(documents, CEASE)["bases"].pop()
    with pytest.raises(CatalogueError, match="'cease_and_desist': has 7 bases, expected 8"):
        build_catalogue(documents)


def test_a_missing_set_is_rejected(documents: list[dict[str, Any]]) -> None:
    with pytest.raises(CatalogueError, match="differ from the expected"):
        build_catalogue([doc for doc in documents if doc["set"] != OOPS])


def test_an_unknown_card_type_is_rejected(documents: list[dict[str, Any]]) -> None:
    _raw_card(documents, "dinosaurs.king_rex")["type"] = "titan"
    with pytest.raises(CatalogueError, match="type 'titan' is not one of"):
        build_catalogue(documents)


def test_a_minion_without_power_is_rejected(documents: list[dict[str, Any]]) -> None:
    del _raw_card(documents, "dinosaurs.king_rex")["power"]
    with pytest.raises(CatalogueError, match=r"'dinosaurs\.king_rex': 'power' must"):
        build_catalogue(documents)


def test_an_action_without_action_kind_is_rejected(documents: list[dict[str, Any]]) -> None:
    del _raw_card(documents, "aliens.beam_up")["action_kind"]
    with pytest.raises(CatalogueError, match="action_kind None is not one of"):
        build_catalogue(documents)


def test_a_base_with_a_malformed_vp_list_is_rejected(documents: list[dict[str, Any]]) -> None:
    _document(documents, CORE)["bases"][0]["vp"] = [4, 2]
    with pytest.raises(CatalogueError, match="vp must be three non-negative integers"):
        build_catalogue(documents)


def test_an_entry_without_an_english_name_is_rejected(documents: list[dict[str, Any]]) -> None:
    _raw_card(documents, "aliens.collector")["names"] = {"es": "Recolector"}
    with pytest.raises(CatalogueError, match="needs an 'en' name"):
        build_catalogue(documents)
