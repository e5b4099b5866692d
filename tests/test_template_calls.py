"""gm's template environments call a list's or dict's method, or a template's own macro, without
Jinja's look for a pass_context mark (gm/forum/sandbox.py's _quick_call_context, issue 17): the same text,
the same errors as stock Jinja, in the shipped environment and in the GM's sandbox."""

from __future__ import annotations

import jinja2
import pytest
from jinja2.sandbox import SandboxedEnvironment

from gm.forum.templating import environment

SOURCES = [
    "{% set xs = [] %}{% for i in range(3) %}{% set _ = xs.append(i * 2) %}{% endfor %}{{ xs|join(',') }}",
    "{% set d = {'a': 1} %}{{ d.get('a') }} {{ d.get('b', 'none') }} {{ d.items()|list|length }}",
    "{% macro m(x, y='dflt') %}[{{ x }}|{{ y }}|{{ varargs|length }}]{% endmacro %}{{ m(1) }}{{ m(2, y=3) }}{{ m(4, 5, 6) }}",
    "{% macro outer() %}<{{ caller() }}>{% endmacro %}{% call outer() %}inside{% endcall %}",
    "{% macro m(x) %}{{ x }}{% endmacro %}{% for i in [1, 2] %}{{ m(i) }}{{ loop.index }}{% endfor %}",
    "{{ 'a-b-c'.replace('-', '+') }} {{ 'x'.upper() }} {{ range(3)|list }}",
    "{% set ns = namespace(n=0) %}{% for i in [1, 2, 3] %}{% set ns.n = ns.n + i %}{% endfor %}{{ ns.n }}",
]


@pytest.mark.parametrize("sandboxed", [False, True])
@pytest.mark.parametrize("source", SOURCES)
def test_calls_render_as_stock_jinja_renders_them(tmp_path, sandboxed, source):
    env = environment("battle-royale", "text", [tmp_path] if sandboxed else None)
    stock = (SandboxedEnvironment if sandboxed else jinja2.Environment)(undefined=jinja2.StrictUndefined)
    assert env.from_string(source).render() == stock.from_string(source).render()


@pytest.mark.parametrize("sandboxed", [False, True])
def test_a_stopiteration_and_a_refused_call_stay_errors(tmp_path, sandboxed):
    env = environment("battle-royale", "text", [tmp_path] if sandboxed else None)
    with pytest.raises(jinja2.UndefinedError):
        env.from_string("{{ nxt(it) }}").render(nxt=next, it=iter([]))
    if sandboxed:  # the sandbox still decides what may be called before gm's context calls it
        with pytest.raises(jinja2.exceptions.SecurityError):
            env.from_string("{{ d.__class__.__subclasses__() }}").render(d={})
