/**
 * The HTTP-path benchmark site: a news/blog site of N interlinked, server-rendered pages of
 * 30–60 KB each, with the boilerplate real sites carry (inline CSS and SVG icons, analytics
 * and consent scripts, JSON-LD, a mega menu, breadcrumbs, sidebars, related-article lists, a
 * cookie banner and a four-column footer). Every internal link points at one of the N pages,
 * so a crawl of the home page finds exactly N pages; pages are generated once, up front, so
 * serving them costs the benchmark almost nothing.
 */
import { Prose, SeededRandom, escapeHtml, slugOf } from './prose.js';

const SECTIONS = ['world', 'business', 'technology', 'science', 'health', 'culture', 'travel', 'opinion'] as const;
const STATIC_PAGES = [
  { path: '/about', title: 'About us' },
  { path: '/contact', title: 'Contact' },
  { path: '/privacy', title: 'Privacy policy' },
  { path: '/terms', title: 'Terms of use' },
] as const;
/** Home, the section fronts and the static pages come first; articles fill the rest. */
const FIRST_ARTICLE = 1 + SECTIONS.length + STATIC_PAGES.length;
const MIN_BYTES = 30 * 1024;
const MAX_BYTES = 60 * 1024;

export interface SiteOptions {
  /** Pages on the site (at least 20). */
  pages: number;
  seed?: number;
}

/** A generated site: its paths (index 0 is the home page) and each page's bytes. */
export interface GeneratedSite {
  readonly paths: readonly string[];
  readonly totalBytes: number;
  /** The page at a path, or undefined when the path is not part of the site. */
  page(path: string): Buffer | undefined;
}

interface PageInfo {
  path: string;
  title: string;
  section: number;
}

function pageInfos(count: number, prose: Prose): PageInfo[] {
  const infos: PageInfo[] = [{ path: '/', title: 'The Daily Ledger', section: -1 }];
  SECTIONS.forEach((s, i) => infos.push({ path: `/${s}/`, title: s[0]!.toUpperCase() + s.slice(1), section: i }));
  STATIC_PAGES.forEach((p) => infos.push({ path: p.path, title: p.title, section: -1 }));
  for (let i = FIRST_ARTICLE; i < count; i++) {
    const section = i % SECTIONS.length;
    const title = prose.title();
    infos.push({ path: `/${SECTIONS[section]}/${i}-${slugOf(title)}`, title, section });
  }
  return infos;
}

/** Generates a site of `options.pages` pages. Deterministic for a given size and seed. */
export function generateArticleSite(options: SiteOptions): GeneratedSite {
  if (options.pages < 20) throw new Error('A generated site has at least 20 pages.');
  const random = new SeededRandom(options.seed ?? 20240601);
  const prose = new Prose(random);
  const infos = pageInfos(options.pages, prose);
  const featured = SECTIONS.map(() => Array.from({ length: 5 }, () => random.int(FIRST_ARTICLE, options.pages - 1)));
  const popular = Array.from({ length: 10 }, () => random.int(FIRST_ARTICLE, options.pages - 1));
  const chrome = { header: headerHtml(infos, featured), footer: footerHtml(), style: styleBlock(prose), icons: iconSprite() };
  const byPath = new Map<string, Buffer>();
  let totalBytes = 0;
  for (let i = 0; i < infos.length; i++) {
    const body = Buffer.from(renderPage(i, infos, popular, chrome, prose), 'utf8');
    byPath.set(infos[i]!.path, body);
    totalBytes += body.length;
  }
  return { paths: infos.map((p) => p.path), totalBytes, page: (path) => byPath.get(path) };
}

interface Chrome {
  header: string;
  footer: string;
  style: string;
  icons: string;
}

function link(info: PageInfo, className = ''): string {
  return `<a href="${info.path}"${className ? ` class="${className}"` : ''}>${escapeHtml(info.title)}</a>`;
}

function headerHtml(infos: PageInfo[], featured: number[][]): string {
  const menus = SECTIONS.map(
    (s, i) =>
      `<li class="nav-item has-menu"><a class="nav-link" href="/${s}/">${infos[1 + i]!.title}</a>` +
      `<div class="mega-menu" aria-hidden="true"><div class="mega-col"><h4>Latest in ${infos[1 + i]!.title}</h4><ul>` +
      featured[i]!.map((n) => `<li>${link(infos[n]!, 'mega-link')}</li>`).join('') +
      `</ul></div><div class="mega-col promo"><img src="/static/img/promo-${s}.jpg" alt="" width="280" height="160" loading="lazy"></div></div></li>`,
  ).join('');
  return (
    `<div class="topbar"><div class="container"><span class="date">Saturday, 1 June 2024</span>` +
    `<a href="/contact" class="topbar-link">Contact</a><a href="https://accounts.example.net/login" class="topbar-link">Sign in</a>` +
    `<a href="https://shop.example.net/subscribe" class="btn btn-subscribe">Subscribe</a></div></div>` +
    `<header class="site-header" role="banner"><div class="container"><a class="logo" href="/" aria-label="The Daily Ledger home">` +
    `<svg width="180" height="32" aria-hidden="true"><use href="#logo"></use></svg></a>` +
    `<button class="menu-toggle" aria-expanded="false" aria-controls="primary-nav"><span class="sr-only">Menu</span>` +
    `<svg width="24" height="24"><use href="#icon-menu"></use></svg></button>` +
    `<form class="search" action="https://search.example.net/" method="get" role="search"><label for="q" class="sr-only">Search</label>` +
    `<input id="q" name="q" type="search" placeholder="Search the Ledger"><button type="submit">` +
    `<svg width="16" height="16"><use href="#icon-search"></use></svg></button></form></div>` +
    `<nav id="primary-nav" class="primary-nav" aria-label="Sections"><ul class="nav-list"><li class="nav-item"><a class="nav-link" href="/">Home</a></li>${menus}</ul></nav></header>`
  );
}

function footerHtml(): string {
  const column = (title: string, links: [string, string][]) =>
    `<div class="footer-col"><h4>${title}</h4><ul>${links.map(([href, text]) => `<li><a href="${href}">${text}</a></li>`).join('')}</ul></div>`;
  return (
    `<footer class="site-footer" role="contentinfo"><div class="container footer-grid">` +
    column(
      'Sections',
      SECTIONS.map((s) => [`/${s}/`, s[0]!.toUpperCase() + s.slice(1)]),
    ) +
    column(
      'About',
      STATIC_PAGES.map((p) => [p.path, p.title]),
    ) +
    column('Follow us', [
      ['https://twitter.com/dailyledger', 'Twitter'],
      ['https://www.facebook.com/dailyledger', 'Facebook'],
      ['https://www.instagram.com/dailyledger', 'Instagram'],
      ['https://www.linkedin.com/company/dailyledger', 'LinkedIn'],
      ['https://www.youtube.com/@dailyledger', 'YouTube'],
    ]) +
    column('Services', [
      ['https://shop.example.net/subscribe', 'Subscriptions'],
      ['https://shop.example.net/gift', 'Gift a subscription'],
      ['https://jobs.example.net/', 'Careers'],
      ['https://ads.example.net/', 'Advertise with us'],
      ['mailto:newsroom@example.net', 'Send us a tip'],
    ]) +
    `</div><div class="container legal"><p>© 2024 The Daily Ledger Ltd. All rights reserved. Registered in England and Wales, company no. 01234567.</p>` +
    `<p><a href="/privacy">Privacy</a> · <a href="/terms">Terms</a> · <a href="javascript:void(0)" class="consent-open">Cookie settings</a></p></div></footer>`
  );
}

function styleBlock(prose: Prose): string {
  const rules: string[] = [];
  const selectors = [
    '.container',
    '.site-header',
    '.nav-list',
    '.nav-item',
    '.mega-menu',
    '.article-body p',
    '.sidebar',
    '.card',
    '.btn',
    '.footer-grid',
    '.legal',
    '.byline',
    '.breadcrumbs',
    '.related',
    '.newsletter',
    '.cookie-banner',
    '.figure',
    '.table-wrap',
    '.share',
    '.comments',
  ];
  for (let i = 0; i < 60; i++) {
    const selector = `${prose.random.pick(selectors)}${i % 3 === 0 ? ` .${prose.word()}-${i}` : ''}`;
    rules.push(
      `${selector}{margin:${i % 4}px ${i % 7}px;padding:${i % 5}px;color:#${(0x222222 + i * 4099).toString(16).slice(-6)};font:${14 + (i % 5)}px/1.5 Georgia,serif;display:${i % 2 ? 'flex' : 'block'}}`,
    );
  }
  return `<style>:root{--brand:#b3261e;--ink:#1b1b1b;--muted:#666}${rules.join('')}@media (max-width:720px){.nav-list{display:none}.sidebar{display:none}}</style>`;
}

function iconSprite(): string {
  const path = (d: number) => `M${d} ${d * 2}h${d + 4}v${d + 6}H${d}z m${d % 5} ${d % 3}l${d} ${d + 1}`;
  const symbols = ['logo', 'icon-menu', 'icon-search', 'icon-share', 'icon-mail', 'icon-comment', 'icon-clock', 'icon-bookmark']
    .map(
      (id, i) =>
        `<symbol id="${id}" viewBox="0 0 24 24"><path d="${Array.from({ length: 12 }, (_, k) => path(i * 12 + k)).join(' ')}"/></symbol>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" style="display:none">${symbols}</svg>`;
}

function paragraph(prose: Prose, infos: PageInfo[]): string {
  const { random } = prose;
  const parts: string[] = [];
  const sentences = random.int(3, 7);
  for (let s = 0; s < sentences; s++) {
    let sentence = prose.sentence();
    if (random.chance(0.25)) {
      const target = infos[random.int(FIRST_ARTICLE, infos.length - 1)]!;
      sentence = sentence.replace(/^(\S+ \S+)/, `$1 <a href="${target.path}">${escapeHtml(prose.words(random.int(2, 4)))}</a>`);
    } else if (random.chance(0.2)) sentence = sentence.replace(/ (\S+) /, ' <strong>$1</strong> ');
    else if (random.chance(0.15)) sentence = sentence.replace(/ (\S+) /, ' <em>$1</em> ');
    parts.push(sentence);
  }
  return `<p>${parts.join(' ')}</p>`;
}

function block(prose: Prose, infos: PageInfo[], index: number): string {
  const { random } = prose;
  const roll = random.next();
  if (roll < 0.1) return `<ul>${Array.from({ length: random.int(3, 6) }, () => `<li>${prose.sentence()}</li>`).join('')}</ul>`;
  if (roll < 0.15) return `<blockquote><p>${prose.sentence()} ${prose.sentence()}</p><cite>${prose.person()}</cite></blockquote>`;
  if (roll < 0.19) {
    const rows = Array.from(
      { length: random.int(3, 6) },
      () => `<tr><td>${prose.title()}</td><td>${random.int(10, 990)}</td><td>${random.int(1, 99)}.${random.int(0, 9)}%</td></tr>`,
    ).join('');
    return `<div class="table-wrap"><table><thead><tr><th>Item</th><th>Count</th><th>Change</th></tr></thead><tbody>${rows}</tbody></table></div>`;
  }
  if (roll < 0.22) {
    return `<figure class="figure"><img src="/static/img/${index}-${random.int(1, 9999)}.jpg" alt="${escapeHtml(prose.words(6))}" width="800" height="450" loading="lazy"><figcaption>${prose.sentence()} Photo: ${prose.person()}</figcaption></figure>`;
  }
  if (roll < 0.24)
    return `<pre><code class="language-json">{ "${prose.word()}": ${random.int(1, 500)}, "${prose.word()}": "${prose.words(3)}" }</code></pre>`;
  return paragraph(prose, infos);
}

function asideList(title: string, items: PageInfo[], className: string): string {
  return `<section class="${className}"><h3>${title}</h3><ol>${items.map((p) => `<li class="card">${link(p)}</li>`).join('')}</ol></section>`;
}

function renderPage(index: number, infos: PageInfo[], popular: number[], chrome: Chrome, prose: Prose): string {
  const { random } = prose;
  const info = infos[index]!;
  const n = infos.length;
  const target = random.int(MIN_BYTES, MAX_BYTES);
  const author = prose.person();
  const description = prose.sentence();
  const section = info.section >= 0 ? infos[1 + info.section]! : undefined;
  const children = [1, 2, 3, 4].map((k) => index * 4 + k).filter((c) => c < n);
  const related = Array.from({ length: 6 }, () => random.int(FIRST_ARTICLE, n - 1));
  const neighbours = [index - 1, index + 1].filter((c) => c > 0 && c < n);

  const head =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(info.title)} | The Daily Ledger</title><meta name="description" content="${escapeHtml(description)}">` +
    `<link rel="canonical" href="${info.path}"><meta property="og:title" content="${escapeHtml(info.title)}"><meta property="og:type" content="article">` +
    `<meta property="og:image" content="/static/img/og-${index}.jpg"><meta name="twitter:card" content="summary_large_image">` +
    `<link rel="preconnect" href="https://cdn.example.net"><link rel="stylesheet" href="/static/css/site.4f9a2c.css">${chrome.style}` +
    `<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":${JSON.stringify(info.title)},` +
    `"author":{"@type":"Person","name":${JSON.stringify(author)}},"datePublished":"2024-05-${String(1 + (index % 28)).padStart(2, '0')}T08:00:00Z",` +
    `"publisher":{"@type":"Organization","name":"The Daily Ledger"}}</script>` +
    `<script async src="https://www.googletagmanager.com/gtag/js?id=G-LEDGER1"></script>` +
    `<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config','G-LEDGER1',{anonymize_ip:true});</script>` +
    `<script>window.__LEDGER__={section:${JSON.stringify(section?.title ?? 'home')},page:${index},paywall:{meter:5,free:${index % 2 === 0}},ads:{slots:["top","mid","side"],refresh:30}};</script></head>`;

  const top =
    `<body class="page-${info.section >= 0 ? SECTIONS[info.section] : 'home'}">${chrome.icons}` +
    `<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-LEDGER" height="0" width="0" style="display:none"></iframe></noscript>` +
    `<a class="skip-link" href="#main">Skip to content</a>${chrome.header}` +
    `<div class="ad-slot ad-top" data-slot="top"><div class="ad-label">Advertisement</div></div>` +
    `<nav class="breadcrumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li>${section ? `<li>${link(section)}</li>` : ''}<li aria-current="page">${escapeHtml(info.title)}</li></ol></nav>`;

  const sidebar =
    `<aside class="sidebar" role="complementary">` +
    `<section class="newsletter"><h3>The Morning Briefing</h3><p>${prose.sentence()}</p><form action="https://lists.example.net/subscribe" method="post">` +
    `<input type="email" name="email" placeholder="you@example.com" aria-label="Email"><button class="btn">Sign up</button></form></section>` +
    asideList(
      'Most read',
      popular.map((p) => infos[p]!),
      'popular',
    ) +
    `<div class="ad-slot ad-side" data-slot="side"><div class="ad-label">Advertisement</div></div></aside>`;

  const bottom =
    `<section class="continue">${asideList(
      'Continue reading',
      children.map((c) => infos[c]!),
      'children',
    )}` +
    `<nav class="pager">${neighbours.map((c) => link(infos[c]!, c < index ? 'prev' : 'next')).join(' ')}</nav></section>` +
    asideList(
      'Related',
      related.map((r) => infos[r]!),
      'related',
    ) +
    `<section class="share"><a href="https://twitter.com/intent/tweet?url=${encodeURIComponent(info.path)}">Share on Twitter</a>` +
    `<a href="https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(info.path)}">Share on Facebook</a><a href="#comments">Comments</a></section>`;

  const tail =
    `${chrome.footer}<div class="cookie-banner" role="dialog" aria-label="Cookies"><p>We use cookies to improve your experience and to show you relevant advertising. ` +
    `<a href="/privacy">Learn more</a></p><button class="btn consent-accept">Accept all</button><button class="btn consent-reject">Reject</button></div>` +
    `<script src="/static/js/site.8d1e77.js" defer></script><script src="https://cdn.cookielaw.org/consent/ledger.js" async></script></body></html>`;

  const opening =
    `<main id="main" class="container layout"><article class="article"><header class="article-header">` +
    `${section ? `<a class="kicker" href="${section.path}">${escapeHtml(section.title)}</a>` : ''}<h1>${escapeHtml(info.title)}</h1>` +
    `<p class="standfirst">${description}</p><div class="byline">By <a href="/about" rel="author">${author}</a> · <time datetime="2024-05-01">1 May 2024</time> · ${random.int(3, 14)} min read</div></header>` +
    `<div class="article-body">`;
  const closing = `</div><section id="comments" class="comments"><h2>Comments</h2><p>Comments are closed for this article.</p></section></article>${sidebar}</main>`;

  const fixed = head.length + top.length + opening.length + closing.length + bottom.length + tail.length;
  let body = '';
  let blocks = 0;
  while (fixed + body.length < target) {
    if (blocks > 0 && blocks % 5 === 0) body += `<h2>${prose.title()}</h2>`;
    if (blocks === 6) body += `<div class="ad-slot ad-mid" data-slot="mid"><div class="ad-label">Advertisement</div></div>`;
    body += block(prose, infos, index);
    blocks++;
  }
  return head + top + opening + body + closing + bottom + tail;
}
