"""newton_rules: the reference rules engine for the board game Newton (Cranio Creations, 2018).

    import newton_rules as nr
    game = nr.new_game(players=4, seed=7)
    while not game.is_over:
        game = game.apply(game.legal_actions()[0])
    print(game.scores, game.winners)

See README.md and docs/ for the rules coverage, the action notation and the rulings.
"""

from newton_rules.action_space import ActionSpace, action_space
from newton_rules.bounds import Bounds, game_bounds
from newton_rules.components.catalog import Catalog, PackIdentity
from newton_rules.components.loading import (
    PackInspection,
    default_catalog,
    inspect_pack,
    load_catalog,
    reference_pack_files,
)
from newton_rules.components.problems import PackProblem
from newton_rules.decisions import Decision
from newton_rules.errors import (
    ActionSyntaxError,
    DataError,
    IllegalAction,
    NewtonError,
    OptionsError,
    PositionError,
    SaveFormatError,
)
from newton_rules.facts import CardYield, Facts, ObjectiveFacts
from newton_rules.game import Game, new_game, replay
from newton_rules.model.actions import Action
from newton_rules.model.config import RULES_VERSION, SAVE_FORMAT, GameConfig, Options, as_options
from newton_rules.model.events import (
    DiscoveryActivated,
    DiscoveryTaken,
    Event,
    HiddenEvent,
    ResourcesChanged,
    audience,
)
from newton_rules.model.sources import Source
from newton_rules.observation import ObservationEncoder, observation_encoder
from newton_rules.sampling import Unseen, determinize, sample_hidden, unseen
from newton_rules.view import PlayerView, SpectatorView, View

__version__ = "0.2.0"

__all__ = [
    "RULES_VERSION",
    "SAVE_FORMAT",
    "Action",
    "ActionSpace",
    "ActionSyntaxError",
    "Bounds",
    "CardYield",
    "Catalog",
    "DataError",
    "Decision",
    "DiscoveryActivated",
    "DiscoveryTaken",
    "Event",
    "Facts",
    "Game",
    "GameConfig",
    "HiddenEvent",
    "IllegalAction",
    "NewtonError",
    "ObjectiveFacts",
    "ObservationEncoder",
    "Options",
    "OptionsError",
    "PackIdentity",
    "PackInspection",
    "PackProblem",
    "PlayerView",
    "PositionError",
    "ResourcesChanged",
    "SaveFormatError",
    "Source",
    "SpectatorView",
    "Unseen",
    "View",
    "__version__",
    "action_space",
    "as_options",
    "audience",
    "default_catalog",
    "determinize",
    "game_bounds",
    "inspect_pack",
    "load_catalog",
    "new_game",
    "observation_encoder",
    "reference_pack_files",
    "replay",
    "sample_hidden",
    "unseen",
]
