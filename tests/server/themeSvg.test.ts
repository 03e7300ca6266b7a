import { describe, expect, it } from 'vitest';
import { SvgError, sanitizeSvg } from '../../server/lib/sanitize';

const wrap = (inner: string, attrs = '') => `<svg xmlns="http://www.w3.org/2000/svg"${attrs}>${inner}</svg>`;

describe('sanitizeSvg', () => {
  it('keeps the drawing: shapes, gradients, text, local references and inert styles', () => {
    const svg = wrap(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<path d="M0 0h10" fill="url(#g)" style="stroke: #000"/><use href="#g"/>' +
        '<text x="1" y="2">A &amp; B</text><style>.a { fill: red } .b > .c { fill: blue }</style>',
      ' viewBox="0 0 10 10"',
    );
    expect(sanitizeSvg(svg)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<path d="M0 0h10" fill="url(#g)" style="stroke: #000"/><use href="#g"/>' +
        '<text x="1" y="2">A &amp; B</text><style>.a { fill: red } .b &gt; .c { fill: blue }</style></svg>',
    );
  });

  it('drops scripts, event handlers and elements that can hold HTML or run animations', () => {
    const out = sanitizeSvg(
      wrap(
        '<script>alert(1)</script><SCRIPT>x</SCRIPT><g onload="x" ONCLICK="y"><circle r="1"/></g>' +
          '<foreignObject><iframe src="x"/></foreignObject><set attributeName="href" to="javascript:x"/>' +
          '<animate attributeName="href" values="javascript:x"/>',
      ),
    );
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><g><circle r="1"/></g></svg>');
  });

  it('drops script links however they are written, external references and unsafe CSS', () => {
    const out = sanitizeSvg(
      wrap(
        '<a href="javascript:alert(1)"><rect width="1"/></a>' +
          '<use xlink:href="https://evil.example/x.svg#a"/><use href="  java&#x09;script:x"/>' +
          '<rect fill="url(https://evil.example/x)" style="background:url(//evil.example)"/>' +
          '<image href="data:image/png;base64,iVBORw0KGgo="/><image href="data:image/svg+xml;base64,PHN2Zz4="/>' +
          '<style>@import url(https://evil.example/x.css);</style><style>.a{fill:url(#ok)}</style>',
        ' xmlns:xlink="http://www.w3.org/1999/xlink"',
      ),
    );
    expect(out).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><rect width="1"/><use/><use/><rect/>' +
        '<image href="data:image/png;base64,iVBORw0KGgo="/><image/><style/><style>.a{fill:url(#ok)}</style></svg>',
    );
  });

  it('never keeps a document type (entity expansion) and drops editor metadata', () => {
    const out = sanitizeSvg(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol">]><!-- made by hand -->' +
        '<svg xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" inkscape:version="1"' +
        ' xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd">' +
        '<metadata><rdf>x</rdf></metadata><sodipodi:namedview/><rect width="1" inkscape:label="r"/></svg>',
    );
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"/></svg>');
  });

  it('refuses a document that uses an entity it declared', () => {
    expect(() =>
      sanitizeSvg(
        '<!DOCTYPE svg [<!ENTITY lol "lol">]><svg xmlns="http://www.w3.org/2000/svg"><text>&lol;</text></svg>',
      ),
    ).toThrow(SvgError);
  });

  it('refuses documents that are not well-formed SVG', () => {
    for (const bad of ['<html></html>', '<svg><g></svg>', '<svg>', 'text', '<svg><rect width=1/></svg>']) {
      expect(() => sanitizeSvg(bad), bad).toThrow(SvgError);
    }
  });
});
