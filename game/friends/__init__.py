"""Games with a friend by link: the link's format (`link`), and the games
this device keeps with the rules for a link that arrives (`games`).  No
pygame here; docs/records.md describes the link."""

from .games import (
    FRIENDS_KEY,
    Applied,
    FriendGame,
    Verdict,
    apply_link,
    compare,
    keep_friend_game,
    load_friend_games,
    receive_link,
    save_friend_games,
)
from .link import (
    FriendLink,
    LinkError,
    find_friend_link,
    is_friend_link,
    read_friend_link,
    write_friend_link,
)

__all__ = ["FRIENDS_KEY", "Applied", "FriendGame", "FriendLink", "LinkError", "Verdict",
           "apply_link", "compare", "find_friend_link", "is_friend_link", "keep_friend_game",
           "load_friend_games", "read_friend_link", "receive_link", "save_friend_games",
           "write_friend_link"]
