import type { Acl } from '@switchboard/shared';
import { demoInstallations, demoPushes } from '../push/demo';

export interface DemoObject {
  id: string;
  createdAt: Date;
  acl?: Acl;
  data: Record<string, unknown>;
}

const PRODUCTS = [
  ['Espresso machine', 'kitchen', 329.0],
  ['Pour-over kettle', 'kitchen', 49.5],
  ['Burr grinder', 'kitchen', 139.0],
  ['Trail backpack', 'outdoor', 89.99],
  ['Camping stove', 'outdoor', 64.0],
  ['Headlamp', 'outdoor', 24.95],
  ['Mechanical keyboard', 'office', 119.0],
  ['Desk lamp', 'office', 39.9],
  ['Noise-cancelling headphones', 'office', 249.0],
  ['Yoga mat', 'fitness', 29.0],
  ['Kettlebell 12 kg', 'fitness', 45.0],
  ['Jump rope', 'fitness', 12.5],
] as const;

const CITIES = [
  ['Shanghai Jing’an', 31.2286, 121.4547],
  ['Beijing Sanlitun', 39.9334, 116.4543],
  ['Shenzhen Nanshan', 22.5333, 113.9304],
  ['Hangzhou West Lake', 30.2592, 120.1536],
  ['Chengdu Taikoo Li', 30.6548, 104.0817],
] as const;

const PEOPLE = [
  ['alice', 'alice@example.com', '+8613800000001'],
  ['bo', 'bo@example.com', '+8613800000002'],
  ['chen', 'chen@example.com', '+8613800000003'],
  ['dana', 'dana@example.com', null],
] as const;

const REVIEW_TEXT = [
  'Exactly what I needed.',
  'Good value, shipping was slow.',
  'Stopped working after a month; support replaced it.',
  'Would buy again.',
  'Solid build, a little heavy.',
  '推荐购买，质量很好。',
];

const pointer = (className: string, objectId: string) => ({ __type: 'Pointer', className, objectId });
const date = (d: Date) => ({ __type: 'Date', iso: d.toISOString() });
const bytes = (s: string) => ({ __type: 'Bytes', base64: Buffer.from(s, 'utf8').toString('base64') });

/** The demo data set: every encoded type of Doc 1 appears at least once. */
export function demoCatalog(nextId: () => string, now: Date): Record<string, DemoObject[]> {
  const day = 86_400_000;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day);
  const users = PEOPLE.map(([username, email, phone], i) => ({
    id: nextId(),
    createdAt: at(60 - i),
    data: {
      username,
      email,
      emailVerified: i % 2 === 0,
      ...(phone ? { mobilePhoneNumber: phone, mobilePhoneVerified: i === 0 } : {}),
      nickname: username.toUpperCase(),
    },
  }));
  const userId = (i: number) => users[i % users.length]?.id ?? '';
  const roles: DemoObject[] = [
    {
      id: nextId(),
      createdAt: at(59),
      acl: { '*': { read: true } },
      data: { name: 'Admins', users: { __type: 'Relation', className: '_User' } },
    },
    {
      id: nextId(),
      createdAt: at(59),
      acl: { '*': { read: true } },
      data: { name: 'Moderators', users: { __type: 'Relation', className: '_User' } },
    },
  ];
  const files = PRODUCTS.slice(0, 4).map(([name], i) => ({
    id: nextId(),
    createdAt: at(50 - i),
    data: {
      name: `${name.toLowerCase().replace(/[^a-z]+/g, '-')}.jpg`,
      url: `https://files.example.com/demo/${i + 1}.jpg`,
      mime_type: 'image/jpeg',
      metaData: { size: 20_480 + i * 1024, owner: userId(i) },
    },
  }));
  const products = PRODUCTS.map(([name, category, price], i) => ({
    id: nextId(),
    createdAt: at(45 - i),
    data: {
      name,
      category,
      price,
      inStock: i % 3 !== 2,
      tags: [category, i % 2 ? 'gift' : 'bestseller'],
      dimensions: {
        widthCm: 10 + i,
        heightCm: 20 + 2 * i,
        weightKg: Math.round((0.4 + i * 0.35) * 100) / 100,
      },
      releasedAt: date(at(400 - 20 * i)),
      sku: bytes(`SKU-${1000 + i}`),
      ...(files[i] ? { image: { __type: 'File', id: files[i].id } } : {}),
      notes: i === 4 ? null : undefined,
    },
  }));
  for (const p of products) if (p.data.notes === undefined) delete (p.data as Record<string, unknown>).notes;
  const stores = CITIES.map(([name, latitude, longitude], i) => ({
    id: nextId(),
    createdAt: at(40 - i),
    data: {
      name,
      location: { __type: 'GeoPoint', latitude, longitude },
      manager: pointer('_User', userId(i)),
      openedAt: date(at(900 - 100 * i)),
      products: { __type: 'Relation', className: 'Product' },
      rating: 3.5 + (i % 3) * 0.5,
    },
  }));
  const reviews = Array.from({ length: 40 }, (_, i) => ({
    id: nextId(),
    createdAt: at(30 - i * 0.5),
    data: {
      product: pointer('Product', products[i % products.length]?.id ?? ''),
      author: pointer('_User', userId(i)),
      stars: 1 + ((i * 7) % 5),
      text: REVIEW_TEXT[i % REVIEW_TEXT.length],
      helpfulVotes: (i * 13) % 17,
      verifiedPurchase: i % 4 !== 0,
    },
  }));
  const _Installation = demoInstallations(nextId, now, users);
  return {
    _User: users,
    _Role: roles,
    _File: files,
    Product: products,
    Store: stores,
    Review: reviews,
    _Installation,
    _Notification: demoPushes(nextId, now),
  };
}

export interface DemoRelation {
  ownerClass: string;
  ownerId: string;
  field: string;
  targetClass: string;
  targetIds: string[];
}

/** Members of the demo's relation fields: each store's products, each role's users. */
export function demoRelations(catalog: Record<string, DemoObject[]>): DemoRelation[] {
  const ids = (cls: string) => (catalog[cls] ?? []).map((o) => o.id);
  const products = ids('Product');
  const users = ids('_User');
  const stores = (catalog.Store ?? []).map((s, i) => ({
    ownerClass: 'Store',
    ownerId: s.id,
    field: 'products',
    targetClass: 'Product',
    targetIds: products.filter((_, j) => (j + i) % 3 === 0),
  }));
  const roles = (catalog._Role ?? []).map((r, i) => ({
    ownerClass: '_Role',
    ownerId: r.id,
    field: 'users',
    targetClass: '_User',
    targetIds: i === 0 ? users.slice(0, 1) : users.slice(1, 3),
  }));
  return [...stores, ...roles];
}
