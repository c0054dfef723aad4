import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { produceJson } from '../../../src-engine/formats/json.js';

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../fixtures/structured-data/${name}.html`, import.meta.url)), 'utf8');

const str = { type: 'string' };
const num = { type: 'number' };
const int = { type: 'integer' };
const bool = { type: 'boolean' };
const strings = { type: 'array', items: str };
const object = (properties: Record<string, unknown>, required?: string[]) => ({
  type: 'object',
  properties,
  ...(required ? { required } : {}),
});

interface Case {
  page: string;
  schema: ReturnType<typeof object>;
  expected: Record<string, unknown>;
}

const cases: Case[] = [
  {
    page: 'product-json-ld',
    schema: object({ name: str, price: num, currency: str, brand: str, sku: str, inStock: bool, rating: num, reviewCount: int, images: strings }, ['name', 'price']),
    expected: {
      name: 'Aeron Chair', price: 1395, currency: 'USD', brand: 'Herman Miller', sku: 'AER-42', inStock: true, rating: 4.7,
      reviewCount: 312, images: ['https://shop.example/img/aeron.jpg', 'https://shop.example/img/aeron-side.jpg'],
    },
  },
  {
    page: 'article-json-ld',
    schema: object({ title: str, author: str, publishedDate: str, description: str, section: str, tags: strings, publisher: str }, ['title', 'author']),
    expected: {
      title: 'Why rivers meander', author: 'Ada Brook', publishedDate: '2024-03-02T09:00:00Z',
      description: 'A short look at how rivers bend over time.', section: 'Geography', tags: ['rivers', 'erosion', 'geography'],
      publisher: 'Field Notes',
    },
  },
  {
    page: 'recipe-json-ld',
    schema: object({ name: str, author: str, ingredients: strings, instructions: strings, cookTime: str, servings: str, calories: int, cuisine: str }),
    expected: {
      name: 'Lemon Drizzle Cake', author: 'Mary Baker', ingredients: ['225g butter', '225g caster sugar', '4 eggs', '1 lemon'],
      instructions: ['Cream the butter and sugar.', 'Beat in the eggs.', 'Bake for 45 minutes.'], cookTime: 'PT45M',
      servings: '8 slices', calories: 320, cuisine: 'British',
    },
  },
  {
    page: 'event-microdata',
    schema: object({ name: str, startDate: str, endDate: str, venue: str, address: str, price: num, currency: str, performer: str }),
    expected: {
      name: 'Harbour Jazz Night', startDate: '2025-07-12T19:30', endDate: '2025-07-12T23:00', venue: 'The Boathouse',
      address: '1 Quay Street, Bristol', price: 18.5, currency: 'GBP', performer: 'The Tide Quartet',
    },
  },
  {
    page: 'organization-json-ld',
    schema: object({
      name: str, url: str, logo: str, founded: int, email: str, phone: str, employees: int, founders: strings,
      address: object({ street: str, city: str, postalCode: str }),
    }),
    expected: {
      name: 'Northwind Labs', url: 'https://northwind.example', logo: 'https://northwind.example/logo.svg', founded: 2011,
      email: 'hello@northwind.example', phone: '+44 20 7946 0000', employees: 85, founders: ['Rosa Diaz', 'Ken Ito'],
      address: { street: '10 Market Lane', city: 'Leeds', postalCode: 'LS1 6AB' },
    },
  },
  {
    page: 'product-microdata',
    schema: object({ productName: str, price: num, currency: str, brand: str, description: str, image: str, availability: { type: 'string', enum: ['InStock', 'OutOfStock'] } }),
    expected: {
      productName: 'Trail Runner 3', price: 129.9, currency: 'EUR', brand: 'Ridgeline', description: 'A light shoe for rocky paths.',
      image: 'https://run.example/tr3.jpg', availability: 'OutOfStock',
    },
  },
  {
    page: 'book-spec-table',
    schema: object({ title: str, author: str, publisher: str, pageCount: int, isbn: str, language: str, description: str }, ['title', 'author']),
    expected: {
      title: 'The Quiet Orbit', author: 'Lena Ortiz', publisher: 'Harbor Books', pageCount: 412, isbn: '978-1-23456-789-7',
      language: 'English', description: 'A novel about a lighthouse keeper on Mars.',
    },
  },
  {
    page: 'job-definition-list',
    schema: object({ title: str, location: str, salary: num, employmentType: str, closingDate: str, remote: bool, description: str }),
    expected: {
      title: 'Senior Gardener', location: 'Glasgow', salary: 31500, employmentType: 'Full-time', closingDate: '2025-05-30',
      remote: false, description: 'Join our parks team.',
    },
  },
  {
    page: 'local-business-json-ld',
    schema: object({ name: str, telephone: str, address: str, rating: num, cuisine: strings, openingHours: str }),
    expected: {
      name: 'Café Lumen & Bakery', telephone: '+1 503 555 0100', address: '42 Alder St, Portland, OR, 97205', rating: 4.6,
      cuisine: ['Coffee', 'Pastries'], openingHours: 'Mo-Fr 07:00-17:00',
    },
  },
  {
    page: 'video-opengraph',
    schema: object({ title: str, description: str, thumbnail: str, url: str, siteName: str, duration: int, keywords: str }),
    expected: {
      title: 'Building a canoe', description: 'Steam-bending cedar strips, start to finish.', thumbnail: 'https://tv.example/canoe.jpg',
      url: 'https://tv.example/canoe', siteName: 'Workshop TV', duration: 1260, keywords: 'canoe, woodworking, cedar',
    },
  },
  {
    page: 'product-listing-json-ld',
    schema: object({ products: { type: 'array', items: object({ name: str, price: num, currency: str }, ['name', 'price']) } }),
    expected: {
      products: [
        { name: 'Sencha', price: 8, currency: 'EUR' },
        { name: 'Assam', price: 6.5, currency: 'EUR' },
        { name: 'Rooibos', price: 5.25, currency: 'EUR' },
      ],
    },
  },
  {
    page: 'person-profile-mixed',
    schema: object({ name: str, jobTitle: str, email: str, office: str, phone: str, researchArea: str }),
    expected: {
      name: 'Dr. Imani Cole', jobTitle: 'Professor of Oceanography', email: 'i.cole@uni.example', office: 'Room 4.12',
      phone: '+1 555 0199', researchArea: 'Deep-sea currents',
    },
  },
];

const ajv = new Ajv({ strict: false });

describe('json format without a model fills the schema from structured data', () => {
  it.each(cases)('$page', async ({ page, schema, expected }) => {
    const result = await produceJson({ markdown: '', html: fixture(page), url: 'https://site.example/', metadata: {}, format: { type: 'json', schema } });
    expect(result.json).toEqual(expected);
    expect(ajv.validate(schema, result.json)).toBe(true);
    expect(result.warning).toMatch(/^The json format was produced without a language model/);
    expect(result.warning).not.toContain('not found on the page');
  });

  it('gives required fields the page lacks an empty placeholder and names them in the warning', async () => {
    const schema = object({ title: str, price: { type: ['number', 'null'] }, tags: strings, awards: strings, isbn: str }, ['title', 'price', 'awards']);
    const result = await produceJson({
      markdown: '', html: fixture('video-opengraph'), url: 'https://tv.example/canoe', metadata: {}, format: { type: 'json', schema, prompt: 'Get the price' },
    });
    expect(result.json).toEqual({ title: 'Building a canoe', price: null, tags: ['canoe', 'woodworking', 'cedar'], awards: [] });
    expect(ajv.validate(schema, result.json)).toBe(true);
    expect(result.warning).toContain('not found on the page: price, awards');
    expect(result.warning).toContain('the prompt was not used');
    expect(result.warning).toContain('TRAWL_LLM_BASE_URL');
  });

  it('fills a top-level list schema from every fitting item', async () => {
    const schema = { type: 'array', items: object({ name: str, price: num }) };
    const result = await produceJson({ markdown: '', html: fixture('product-listing-json-ld'), url: 'https://teas.example/', metadata: {}, format: { type: 'json', schema } });
    expect(result.json).toEqual([
      { name: 'Sencha', price: 8 },
      { name: 'Assam', price: 6.5 },
      { name: 'Rooibos', price: 5.25 },
    ]);
  });

  it('follows $ref definitions as zod and pydantic emit them', async () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { name: str, offer: { $ref: '#/$defs/Offer' } },
      required: ['name', 'offer'],
      $defs: { Offer: object({ price: num, priceCurrency: str }, ['price']) },
    };
    const result = await produceJson({ markdown: '', html: fixture('product-json-ld'), url: 'https://shop.example/', metadata: {}, format: { type: 'json', schema } });
    expect(result.json).toEqual({ name: 'Aeron Chair', offer: { price: 1395, priceCurrency: 'USD' } });
  });

  it('rejects a prompt-only json format with LLM_NOT_CONFIGURED naming the settings', async () => {
    await expect(
      produceJson({ markdown: '# Hi', html: '<h1>Hi</h1>', url: 'https://x.example/', metadata: {}, format: { type: 'json', prompt: 'Extract the heading' } }),
    ).rejects.toMatchObject({
      code: 'LLM_NOT_CONFIGURED',
      status: 400,
      message: expect.stringMatching(/TRAWL_LLM_BASE_URL and TRAWL_LLM_MODEL.*Settings/),
    });
  });

  it('rejects a schema that cannot be compiled as a bad request', async () => {
    await expect(
      produceJson({ markdown: '', html: '', url: 'https://x.example/', metadata: {}, format: { type: 'json', schema: { type: 'object', properties: { a: { type: 7 } } } } }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
