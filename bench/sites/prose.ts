/**
 * Deterministic prose for generated benchmark sites: a seeded random source and sentences,
 * titles and slugs drawn from an ordinary English vocabulary, so every run of a benchmark
 * serves byte-identical pages.
 */

/** A small, fast seeded random source (mulberry32). */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

const WORDS = (
  'the of and to in is that for it as was with be by on not he this are or his from at which but have an they you were ' +
  'her she there been one all would their has more if will can when who what so up out about into than them time could ' +
  'only other new some these two may first then do any like my now over such our man me even most made after also did ' +
  'many before must through back years where much your way well down should because each just those people how too ' +
  'little state good very make world still own see men work long get here between both life being under never day same ' +
  'another know while last might us great old year off come since against go came right used take three himself few ' +
  'house use during without again place around however home small found thought went say part once general high upon ' +
  'school every number always among until though public system government something given important course city water ' +
  'country early process business interest research market service policy support design report program level change ' +
  'develop provide result company community power energy health review model analysis value method network quality ' +
  'project question student family group history information language library memory planning practice season station ' +
  'strategy structure survey teacher technology theory training traffic transport village weather window writer account ' +
  'activity answer article balance benefit budget capital chapter choice climate comment concept contract culture ' +
  'customer database decision degree delivery detail device dinner director distance economy editor election engine ' +
  'environment equipment evidence example experience factor feature figure finance flight garden growth harbor highway ' +
  'image income industry insurance journal kitchen leader lesson manager material measure meeting method mission ' +
  'movement museum nature office opinion option orange package painting partner patient payment period picture platform ' +
  'player poetry pressure problem product profile property purpose reason record region release resource response river ' +
  'safety sample science section security series signal software source speaker standard storage story student success ' +
  'surface system table target task theme thread ticket topic tower trade trial update user version video volume winter ' +
  'across active annual basic careful central certain clear common complete current direct early easy entire final ' +
  'formal free full global green heavy human large local major modern natural normal open original popular private ' +
  'quick recent regular serious simple single social special strong sudden typical useful various visual whole wide ' +
  'accept achieve allow appear arrive build carry choose collect compare consider continue create deliver describe ' +
  'discover explain follow gather improve include increase introduce measure mention notice observe offer prepare ' +
  'present produce protect publish receive reduce remain remove replace require return reveal select share suggest'
).split(' ');

const SURNAMES = [
  'Okafor',
  'Lindqvist',
  'Moreau',
  'Tanaka',
  'Alvarez',
  'Kowalski',
  'Brennan',
  'Haddad',
  'Novak',
  'Castillo',
  'Fischer',
  'Osei',
];
const GIVEN = ['Amara', 'Jonas', 'Claire', 'Kenji', 'Lucia', 'Marek', 'Siobhan', 'Rami', 'Petra', 'Diego', 'Hanna', 'Kwame'];

/** Words, sentences and names drawn from one seeded random source. */
export class Prose {
  constructor(readonly random: SeededRandom) {}

  word(): string {
    return this.random.pick(WORDS);
  }

  words(count: number): string {
    let out = this.word();
    for (let i = 1; i < count; i++) out += ' ' + this.word();
    return out;
  }

  /** A capitalised sentence of 8–24 words ending with a full stop. */
  sentence(): string {
    const text = this.words(this.random.int(8, 24));
    return text[0]!.toUpperCase() + text.slice(1) + '.';
  }

  /** A title in title case of 3–9 words. */
  title(): string {
    return this.words(this.random.int(3, 9))
      .split(' ')
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(' ');
  }

  person(): string {
    return `${this.random.pick(GIVEN)} ${this.random.pick(SURNAMES)}`;
  }
}

/** A URL path segment for a title. */
export function slugOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}
