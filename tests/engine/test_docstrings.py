"""Every public class and function of the engine and the bot says in a docstring what it is
for (issue 24): whoever calls or overrides it reads one or two lines instead of the code.

Checked, in every module of ``PACKAGES``: each public (no leading underscore) class and
function defined there, and each public method and property defined in such a class's own
body. A method or property documented on a base class counts as documented
(``inspect.getdoc`` inherits it), so a protocol or base class is documented once, not every
override; so does a mixin's method that a class mixing it in inherits from a documented base
after the mixin. A class needs its own docstring: the one a dataclass writes for itself (its
signature) or a base class's says nothing about this class. What Python writes (dunders,
dataclass and NamedTuple methods) and enum members are not functions of the class's own
body and so are not asked for.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from functools import cached_property
from types import ModuleType

import pytest

PACKAGES = ("engine", "bot")


def modules(packages: tuple[str, ...] = PACKAGES) -> Iterator[ModuleType]:
    """Every module of ``packages``, imported (the ``__main__`` modules only run under
    ``if __name__ == "__main__"``, so importing them has no side effects)."""
    for name in packages:
        package = importlib.import_module(name)
        yield package
        for info in pkgutil.walk_packages(package.__path__, f"{name}."):
            yield importlib.import_module(info.name)


def own_doc(cls: type) -> str:
    """The class's own docstring: not a base class's, not a dataclass's generated signature."""
    doc = cls.__dict__.get("__doc__") or ""
    if "__dataclass_fields__" in cls.__dict__ and doc.startswith(f"{cls.__name__}("):
        return ""
    return inspect.cleandoc(doc)


def member_doc(cls: type, name: str, member: object) -> str | None:
    """The docstring of a method or property of ``cls`` (inherited from a base class where it
    overrides one), or None when ``member`` is no method or property."""
    if isinstance(member, cached_property):
        member = member.func
    if isinstance(member, staticmethod | classmethod):
        member = member.__func__
    member = inspect.unwrap(member) if callable(member) else member
    if not (inspect.isfunction(member) or isinstance(member, property)):
        return None
    doc = inspect.getdoc(member)
    # A base class's docstring; for a mixin, that of the base class it is mixed in before.
    for mro in [cls.__mro__, *(sub.__mro__ for sub in subclasses(cls))]:
        for base in mro[mro.index(cls) + 1 :]:
            if doc:
                return doc
            doc = inspect.getdoc(base.__dict__.get(name)) if name in base.__dict__ else None
    return doc or ""


def subclasses(cls: type) -> Iterator[type]:
    """Every class derived from ``cls``, however indirectly."""
    sub: type
    for sub in type.__subclasses__(cls):
        yield sub
        yield from subclasses(sub)


def public_definitions(module: ModuleType) -> Iterator[tuple[str, str]]:
    """``(module.qualname, docstring)`` for each public class and function defined in
    ``module`` and each public method and property of those classes."""
    for name, obj in sorted(vars(module).items()):
        if name.startswith("_") or getattr(obj, "__module__", None) != module.__name__:
            continue
        obj = inspect.unwrap(obj) if callable(obj) else obj  # functools.cache and the like
        if inspect.isfunction(obj):
            yield f"{module.__name__}.{obj.__qualname__}", inspect.getdoc(obj) or ""
        elif inspect.isclass(obj) and obj.__name__ == name:
            yield f"{module.__name__}.{obj.__qualname__}", own_doc(obj)
            for attr, member in vars(obj).items():
                doc = None if attr.startswith("_") else member_doc(obj, attr, member)
                if doc is not None:
                    yield f"{module.__name__}.{obj.__qualname__}.{attr}", doc


def undocumented() -> tuple[int, list[str]]:
    """How many public definitions there are, and those without a docstring."""
    seen: dict[str, str] = {}
    for module in modules():
        seen.update(public_definitions(module))
    return len(seen), sorted(name for name, doc in seen.items() if not doc.strip())


def test_every_public_class_and_function_has_a_docstring() -> None:
    total, missing = undocumented()
    if missing:
        pytest.fail(
            f"{len(missing)} of {total} public definitions have no docstring:\n"
            + "\n".join(missing),
            pytrace=False,
        )


def test_the_check_sees_what_is_missing_and_what_is_inherited() -> None:
    import dataclasses

    module = ModuleType("example")

    class Base:
        """A base."""

        def run(self) -> None:
            """Runs."""

    @dataclasses.dataclass
    class Child(Base):
        size: int = 0

        def run(self) -> None:  # documented on Base
            pass

        def stop(self) -> None:
            pass

        @property
        def weight(self) -> int:
            return 1

        def _hidden(self) -> None:
            pass

    class Mixin:
        """Runs fast."""

        def run(self) -> None:  # documented on Base, which Mixed has after Mixin
            pass

    class Mixed(Mixin, Base):
        """Both."""

    def helper() -> None:
        pass

    for obj in (Base, Child, Mixin, Mixed, helper):
        obj.__module__ = module.__name__
        setattr(module, obj.__name__, obj)
    found = dict(public_definitions(module))
    prefix = "example.test_the_check_sees_what_is_missing_and_what_is_inherited.<locals>"
    assert {name.removeprefix(f"{prefix}.") for name, doc in found.items() if not doc} == {
        "Child",
        "Child.stop",
        "Child.weight",
        "helper",
    }
    assert found[f"{prefix}.Child.run"] == found[f"{prefix}.Mixin.run"] == "Runs."
