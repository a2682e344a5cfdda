"""YAML data files (cards, readings) read with the line of every field kept.

A mistake in a hand-written file must be reported as "file, line, field", so mappings and lists
come back as subclasses that remember where each key and item was written.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from .errors import DataFileError, InputNotFound


class LocatedDict(dict):
    line: int = 0
    key_lines: dict

    def line_of(self, key) -> int:
        return self.key_lines.get(key, self.line)


class LocatedList(list):
    line: int = 0
    item_lines: list


class _Loader(yaml.SafeLoader):
    pass


def _mapping(loader, node):
    loader.flatten_mapping(node)
    out = LocatedDict()
    out.line = node.start_mark.line + 1
    out.key_lines = {}
    for k_node, v_node in node.value:
        key = loader.construct_object(k_node, deep=True)
        if key in out:
            raise DataFileError(loader.name, k_node.start_mark.line + 1, str(key), "appears twice")
        out[key] = loader.construct_object(v_node, deep=True)
        out.key_lines[key] = k_node.start_mark.line + 1
    return out


def _sequence(loader, node):
    out = LocatedList(loader.construct_object(n, deep=True) for n in node.value)
    out.line = node.start_mark.line + 1
    out.item_lines = [n.start_mark.line + 1 for n in node.value]
    return out


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


def load_yaml(path: Path | str):
    """The file's content with line numbers attached; an unreadable file is a DataFileError."""
    path = Path(path)
    if not path.is_file():
        raise InputNotFound(f"{path} does not exist")
    text = path.read_text(encoding="utf-8")
    loader = _Loader(text)
    loader.name = str(path)
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise DataFileError(path, mark.line + 1 if mark else None, None,
                            f"not valid YAML ({exc.problem or exc.context})")
    finally:
        loader.dispose()


def require(path, mapping: LocatedDict, key: str, kind=str, *, optional: bool = False):
    """mapping[key] checked for presence and type; the error points at the mapping's line."""
    if not isinstance(mapping, dict):
        raise DataFileError(path, getattr(mapping, "line", None), key, "expected a mapping here")
    if key not in mapping or mapping[key] is None:
        if optional:
            return None
        raise DataFileError(path, getattr(mapping, "line", None), key, "is missing")
    value = mapping[key]
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, kind) or (kind in (int, float) and isinstance(value, bool)):
        want = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise DataFileError(path, mapping.line_of(key), key,
                            f"must be {want}, not {type(value).__name__} ({value!r})")
    return value
