"""`domain.frozen.fast_init`: the direct ``__init__`` builds the same objects as the
dataclass's own, default factories included."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from domain.frozen import dict_setter, fast_init
from domain.model import Task


@dataclass(frozen=True)
class Plain:
    """A frozen dataclass with the dataclass's own ``__init__``."""

    key: str
    ctx: dict[str, int] = field(default_factory=dict)
    n: int = 0
    tag: str = field(default="t", kw_only=True)


@fast_init
@dataclass(frozen=True)
class Fast(Plain):
    """The same fields as :class:`Plain`, with the direct ``__init__``."""


def test_fast_init_replaces_the_init_of_a_class_with_a_default_factory() -> None:
    assert Fast.__init__ is not Plain.__init__
    assert Fast.__init__.__qualname__ == "Fast.__init__"
    assert Task.__init__.__qualname__ == "Task.__init__"


def test_a_default_factory_is_called_for_each_object_made_without_that_field() -> None:
    a, b = Task("k"), Task("k")
    assert a.ctx == {}
    assert b.ctx == {}
    assert a.ctx is not b.ctx
    assert Task("k", {"x": 1}).ctx == {"x": 1}
    assert Task(key="k", ctx={"y": 2}) == Task("k", {"y": 2})


def test_the_direct_init_gives_the_fields_the_dataclass_init_gives() -> None:
    for args, kwargs in [(("a",), {}), (("a", {"x": 1}), {}), (("a",), {"n": 3})]:
        plain = Plain(*args, **kwargs)  # type: ignore[arg-type]
        fast = Fast(*args, **kwargs)  # type: ignore[arg-type]
        assert vars(fast) == vars(plain)


def test_the_dict_setter_of_a_class_sets_the_dict_object_setattr_would() -> None:
    set_dict = dict_setter(Fast)  # found on Plain, which gives the instances their __dict__
    assert set_dict.__self__ is Plain.__dict__["__dict__"]
    made, given = object.__new__(Fast), object.__new__(Fast)
    set_dict(made, {"key": "a", "ctx": {}, "n": 1, "tag": "t"})
    object.__setattr__(given, "__dict__", {"key": "a", "ctx": {}, "n": 1, "tag": "t"})
    assert made == given
    assert type(vars(made)) is dict


def test_a_class_without_instance_dicts_has_no_dict_setter() -> None:
    class Slotted:
        __slots__ = ("x",)

    with pytest.raises(TypeError):
        dict_setter(Slotted)
