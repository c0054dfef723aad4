/**
 * The browser-path benchmark site: a single-page-app style site whose N pages are empty
 * shells (`<div id="root">` and a `<noscript>` asking for JavaScript). A shared script bundle
 * fetches each page's JSON and renders its navigation, article and links, so only a browser
 * sees the content or the links to the other pages.
 */
import { Prose, SeededRandom } from './prose.js';
import { ALLOW_ALL_ROBOTS, type SiteResponse, type SiteRoutes } from './site-server.js';

export interface JsSite {
  readonly paths: readonly string[];
  readonly routes: SiteRoutes;
  /** The data request a page's script makes, for a page path. */
  dataPathOf(pagePath: string): string;
}

const RENDERER = `
(function () {
  var root = document.getElementById('root');
  var id = Number(document.body.getAttribute('data-page'));
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    for (var k in attrs || {}) node.setAttribute(k, attrs[k]);
    (children || []).forEach(function (c) { node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return node;
  }
  function link(p) { return el('a', { href: p.href }, [p.title]); }
  fetch('/api/pages/' + id + '.json').then(function (r) { return r.json(); }).then(function (page) {
    var nav = el('nav', { class: 'top-nav' }, page.nav.map(link));
    var sections = page.sections.map(function (s) {
      return el('section', {}, [el('h2', {}, [s.heading])].concat(s.paragraphs.map(function (p) { return el('p', {}, [p]); })));
    });
    var article = el('article', { class: 'story' }, [el('h1', {}, [page.title]), el('p', { class: 'byline' }, ['By ' + page.author])].concat(sections));
    var more = el('aside', { class: 'more' }, [el('h3', {}, ['Read next']), el('ul', {}, page.links.map(function (p) { return el('li', {}, [link(p)]); }))]);
    var footer = el('footer', {}, [el('p', {}, ['© 2024 Northwind Notes. All rights reserved.'])]);
    document.title = page.title + ' | Northwind Notes';
    root.replaceChildren(nav, el('main', {}, [article, more]), footer);
  });
})();`;

/** Filler standing in for the framework and vendor code every app bundle carries. */
function vendorCode(random: SeededRandom): string {
  const parts: string[] = [];
  for (let i = 0; i < 900; i++) {
    parts.push(
      `function v${i}(a,b){var c=(a|0)+${random.int(1, 9999)};for(var i=0;i<(b|0)%7;i++){c=(c*31+i)%${random.int(1000, 99999)}}return c}`,
    );
  }
  return `/* vendor bundle */\n${parts.join('\n')}\nwindow.__vendorReady=typeof v899==='function';`;
}

function shell(id: number): Buffer {
  return Buffer.from(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>Northwind Notes</title><link rel="icon" href="data:,">` +
      `<script src="/static/vendor.js" defer></script><script src="/static/app.js" defer></script></head>` +
      `<body data-page="${id}"><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>`,
  );
}

/** Generates a JavaScript-rendered site of `pages` pages (page 0 is `/`). */
export function generateJsSite(options: { pages: number; seed?: number }): JsSite {
  const random = new SeededRandom(options.seed ?? 7);
  const prose = new Prose(random);
  const n = options.pages;
  const pathOf = (i: number) => (i === 0 ? '/' : `/notes/${i}`);
  const titles = Array.from({ length: n }, (_, i) => (i === 0 ? 'Northwind Notes' : prose.title()));
  const routes = new Map<string, SiteResponse>();
  routes.set('/robots.txt', ALLOW_ALL_ROBOTS);
  routes.set('/static/app.js', { contentType: 'text/javascript', body: RENDERER });
  routes.set('/static/vendor.js', { contentType: 'text/javascript', body: vendorCode(random) });
  const nav = [0, 1, 2, 3].filter((i) => i < n).map((i) => ({ href: pathOf(i), title: titles[i]! }));
  for (let i = 0; i < n; i++) {
    const children = [1, 2, 3, 4].map((k) => i * 4 + k).filter((c) => c < n);
    const related = Array.from({ length: 4 }, () => random.int(1, n - 1));
    const data = {
      title: titles[i],
      author: prose.person(),
      nav,
      sections: Array.from({ length: random.int(5, 9) }, () => ({
        heading: prose.title(),
        paragraphs: Array.from({ length: random.int(2, 4) }, () =>
          Array.from({ length: random.int(3, 6) }, () => prose.sentence()).join(' '),
        ),
      })),
      links: [...children, ...related].map((c) => ({ href: pathOf(c), title: titles[c]! })),
    };
    routes.set(pathOf(i), { body: shell(i) });
    routes.set(`/api/pages/${i}.json`, { contentType: 'application/json', body: JSON.stringify(data) });
  }
  return {
    paths: Array.from({ length: n }, (_, i) => pathOf(i)),
    routes: (path) => routes.get(path),
    dataPathOf: (pagePath) => `/api/pages/${pagePath === '/' ? 0 : pagePath.split('/').pop()}.json`,
  };
}
