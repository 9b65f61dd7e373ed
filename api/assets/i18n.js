// Interface text in English and French (card names come from the catalogue, /v1/cards?lang=).
const TEXT = {
  en: {
    play_bot: "Play against a bot", your_name: "Your name", your_factions: "Your factions",
    bot_factions: "Bot's factions", bot_level: "Bot", account: "Your account",
    account_token: "Account token", sign_in: "Sign in", sign_out: "Sign out",
    my_games: "Your games", challenges: "Challenges", watch: "Watch a game", game_id: "Game id",
    watch_button: "Watch", active_games: "Active games", ended_games: "Ended games", none: "none",
    seat_token: "Seat token", spectator: "spectator", seat: "seat", hand: "hand", deck: "deck",
    discard: "discard", your_hand: "Your hand", end_turn: "End turn", cancel: "Cancel",
    narration: "Narration", version: "version", status: "status", turn: "turn", phase: "phase",
    active: "active", awaiting: "awaiting", winner: "winner", draw: "draw", live: "● live",
    reconnecting: "reconnecting…", clock: "clock", power: "power", talent: "Talent",
    choose_target: "Now choose a base or a minion for", your_turn: "Your turn",
    game: "Game", names: "Language", on_it: "on it", buried: "buried", language: "Language",
    from: "from", to: "to", open: "open", signed_in_as: "Signed in as", decision: "Decision",
    same_factions: "Choose two different factions for each seat",
    accept: "Accept (with your factions)", decline: "Decline",
    duel: "duel", face_down: "face down", resolving: "resolving",
    your_second: "Your second faction", bot_second: "Bot's second faction",
    open_games: "Open games", seeks: "Seeks", join: "Join", open_seat: "open seat",
    join_game_of: "Join the game of", waiting_players: "Waiting for players… (this page checks again by itself)",
    confirm_resign: "Resign: click again to confirm", confirm_abort: "Abort: click again to confirm",
  },
  fr: {
    play_bot: "Jouer contre un bot", your_name: "Votre nom", your_factions: "Vos factions",
    bot_factions: "Factions du bot", bot_level: "Bot", account: "Votre compte",
    account_token: "Jeton du compte", sign_in: "Se connecter", sign_out: "Se déconnecter",
    my_games: "Vos parties", challenges: "Défis", watch: "Regarder une partie",
    game_id: "Identifiant de partie", watch_button: "Regarder", active_games: "Parties en cours",
    ended_games: "Parties terminées", none: "aucune", seat_token: "Jeton de siège",
    spectator: "spectateur", seat: "siège", hand: "main", deck: "pioche", discard: "défausse",
    your_hand: "Votre main", end_turn: "Finir le tour", cancel: "Annuler",
    narration: "Récit", version: "version", status: "état", turn: "tour", phase: "phase",
    active: "joueur actif", awaiting: "en attente de", winner: "vainqueur", draw: "égalité",
    live: "● en direct", reconnecting: "reconnexion…", clock: "pendule", power: "force",
    talent: "Talent", choose_target: "Choisissez maintenant une base ou un serviteur pour",
    your_turn: "À vous de jouer", game: "Partie", names: "Langue", on_it: "dessus",
    buried: "enterrées", language: "Langue", from: "de", to: "à", open: "ouvrir",
    signed_in_as: "Connecté en tant que", decision: "Décision",
    same_factions: "Choisissez deux factions différentes pour chaque siège",
    accept: "Accepter (avec vos factions)", decline: "Refuser",
    duel: "duel", face_down: "face cachée", resolving: "en cours",
    your_second: "Votre seconde faction", bot_second: "Seconde faction du bot",
    open_games: "Parties ouvertes", seeks: "Recherches d'adversaire", join: "Rejoindre",
    open_seat: "siège libre", join_game_of: "Rejoindre la partie de",
    waiting_players: "En attente de joueurs… (cette page revérifie d'elle-même)",
    confirm_resign: "Abandonner : cliquez encore pour confirmer",
    confirm_abort: "Annuler la partie : cliquez encore pour confirmer",
  },
};

/** Narration words for the events' types, in French (other languages: the type's words). */
const EVENTS_FR = {
  game_created: "partie créée", turn_started: "début du tour", phase_changed: "phase",
  cards_drawn: "cartes piochées", minion_played: "serviteur joué", action_played: "action jouée",
  action_attached: "action attachée", minion_removed: "serviteur retiré",
  minion_moved: "serviteur déplacé", power_modified: "force modifiée", vp_gained: "PV gagnés",
  scoring_started: "décompte", base_scored: "base décomptée", base_cleared: "base vidée",
  base_replaced: "base remplacée", decision_requested: "décision demandée",
  decision_made: "décision prise", effects_expired: "effets terminés",
  card_discarded: "carte défaussée", deck_reshuffled: "pioche mélangée",
  talent_used: "talent utilisé", card_buried: "carte enterrée", card_uncovered: "carte déterrée",
  duel_started: "duel engagé", duel_card_placed: "carte de duel posée",
  duel_card_revealed: "carte de duel révélée", duel_ended: "fin du duel",
  clock_expired: "temps écoulé", game_ended: "fin de partie",
};

/** An event type as narration words in the chosen language. */
export function eventWords(type) {
  return (getLang() === "fr" && EVENTS_FR[type]) || type.replaceAll("_", " ");
}

const STORE = "smashup.lang";

/** The chosen language: en, fr or es (es uses the English interface, Spanish card names). */
export function getLang() {
  const asked = new URLSearchParams(location.search).get("lang");
  const chosen = asked || localStorage.getItem(STORE) || "en";
  return ["en", "fr", "es"].includes(chosen) ? chosen : "en";
}

/** Remember the chosen language for every page. */
export function setLang(lang) {
  localStorage.setItem(STORE, lang);
  document.documentElement.lang = lang;
}

/** The interface text of `key` in the chosen language. */
export function t(key) {
  const table = TEXT[getLang()] || TEXT.en;
  return table[key] ?? TEXT.en[key] ?? key;
}

/** Fill every element carrying data-t="key" (text) or data-t-label="key" (aria-label). */
export function translatePage(root = document) {
  document.documentElement.lang = getLang();
  for (const node of root.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  for (const node of root.querySelectorAll("[data-t-label]")) {
    node.setAttribute("aria-label", t(node.dataset.tLabel));
  }
}
