/**
 * What the benchmark database holds: realistic names and addresses (so a substring search has real
 * work), a skewed number of ratings per store (Zipf: a few stores with tens of thousands), and dates
 * spread over two years. Deterministic for a given seed.
 */
import { STORE_CATEGORIES, type StoreCategory } from 'shared-contracts';
import { seededRandom } from '../src/db/seed/prng';

export const BENCH_PASSWORD = 'BenchPass#2026';
export const BENCH_ADMIN_EMAIL = 'bench.admin@example.com';
export const ownerEmail = (n: number) => `owner${n}@bench.example.com`;
export const customerEmail = (first: string, last: string, n: number) => `${first}.${last}.${n}@mail.example.com`.toLowerCase();

const FIRST = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Amelia',
  'Oliver',
  'Sophia',
  'Elijah',
  'Isabella',
  'Mateo',
  'Charlotte',
  'Lucas',
  'Mia',
  'Levi',
  'Harper',
  'Ezra',
  'Evelyn',
  'Asher',
  'Luna',
  'James',
  'Aarav',
  'Priya',
  'Wei',
  'Mei',
  'Hiroshi',
  'Yuki',
  'Fatima',
  'Omar',
  'Chinwe',
  'Kwame',
  'Ingrid',
  'Lars',
  'Sofia',
  'Diego',
  'Zofia',
  'Mikhail',
  'Aylin',
  'Emre',
  'Nadia',
  'Rafael',
];
const MIDDLE = [
  'Alexander',
  'Catherine',
  'Elizabeth',
  'Benjamin',
  'Josephine',
  'Nathaniel',
  'Margaret',
  'Christopher',
  'Victoria',
  'Sebastian',
  'Gabrielle',
  'Theodore',
];
const LAST = [
  'Johnson',
  'Williams',
  'Rodriguez',
  'Martinez',
  'Anderson',
  'Thompson',
  'Hernandez',
  'Robinson',
  'Nakamura',
  'Okonkwo',
  'Fitzgerald',
  'Kowalski',
  'Lindqvist',
  'Castellanos',
  'Papadopoulos',
  'Van der Berg',
  'Schneider',
  'Oyelaran',
  'Gallagher',
  'Chakraborty',
  'Nguyen',
  'Ivanova',
  'Moreau',
  'Rossi',
  'Yilmaz',
  'Haddad',
  'Sorensen',
  'Mbeki',
  'Delacroix',
  'Abernathy',
];
const STREETS = [
  'Maple',
  'Oak',
  'Cedar',
  'Elm',
  'Pine',
  'Willow',
  'Birch',
  'Chestnut',
  'Harbor',
  'Market',
  'Church',
  'Mill',
  'River',
  'Lake',
  'Hill',
  'Park',
  'Station',
  'King',
  'Queen',
  'Bridge',
  'Orchard',
  'Meadow',
  'Sunset',
  'Highland',
];
const STREET_TYPES = ['Street', 'Avenue', 'Road', 'Lane', 'Boulevard', 'Drive', 'Way', 'Court', 'Place', 'Terrace'];
const CITIES = [
  'Springfield',
  'Riverton',
  'Lakewood',
  'Fairview',
  'Georgetown',
  'Ashland',
  'Clinton',
  'Madison',
  'Oakridge',
  'Brookfield',
  'Kingston',
  'Salem',
  'Franklin',
  'Greenville',
  'Bristol',
  'Dover',
  'Milton',
  'Newport',
  'Hudson',
  'Marion',
];
const PREFIXES = [
  'Golden',
  'Maple',
  'Sunrise',
  'Blue Door',
  'Corner',
  'Urban',
  'Green Leaf',
  'Silver',
  'Royal',
  'Happy',
  'Fresh',
  'Old Town',
  'Riverside',
  'Hilltop',
  'Northside',
  'Lakeside',
  'Village',
  'City',
  'Prime',
  'Little',
  'Harbor',
  'Evergreen',
  'Bright',
  'Family',
  'Main Street',
];
const KINDS: Record<StoreCategory, string[]> = {
  Grocery: ['Market', 'Grocers', 'Pantry', 'Fine Foods', 'Harvest Co-op', 'Farm Stand', 'Bakery', 'Butchery'],
  Electronics: ['Electronics', 'Gadgets', 'Tech Hub', 'Circuits', 'Computers', 'Audio House', 'Phone Repair'],
  Fashion: ['Boutique', 'Threads', 'Apparel', 'Closet', 'Tailors', 'Shoe Company', 'Vintage Wear'],
  Restaurants: ['Bistro', 'Kitchen', 'Diner', 'Café', 'Grill', 'Trattoria', 'Noodle Bar', 'Taqueria', 'Sushi House', 'Pizzeria'],
  Healthcare: ['Pharmacy', 'Clinic', 'Health Center', 'Wellness', 'Dental Care', 'Optician', 'Physiotherapy'],
  Other: ['Books', 'Hardware', 'Florist', 'Pet Supplies', 'Toy Shop', 'Garden Center', 'Bike Shop', 'Music Store'],
};
const COMMENTS = [
  'Friendly staff and a great selection.',
  'Prices are a bit high, but the quality is worth it.',
  'Long queue at the checkout on Saturday morning.',
  'Exactly what I needed, found it in minutes.',
  'The place was clean and well organised.',
  'Not impressed this time; the service was slow.',
  'Best in the neighbourhood, I keep coming back.',
  'Parking is hard to find, the shop itself is lovely.',
  'Ordered online and picked up in store, smooth.',
  'They fixed my problem quickly and politely. 👍',
];

export interface BenchSize {
  users: number;
  stores: number;
  ratings: number;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
const SPAN_DAYS = 730;

/** Ids: 1 is the admin, then the owners (one per four stores), then the customers. */
export function layout(size: BenchSize) {
  const owners = Math.max(1, Math.ceil(size.stores / 4));
  const customers = size.users - 1 - owners;
  if (customers < 1) throw new Error(`--users must be more than ${1 + owners} for ${size.stores} stores (1 admin, ${owners} owners)`);
  return { owners, firstOwnerId: 2, customers, firstCustomerId: 2 + owners };
}

export function generator(size: BenchSize, now: Date, seed = 20261122) {
  const rand = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS - Math.floor(rand() * DAY_MS));
  const { owners, firstOwnerId, customers, firstCustomerId } = layout(size);

  function personName(): [string, string, string] {
    const first = pick(FIRST);
    const last = pick(LAST);
    let full = `${first} ${pick(MIDDLE)} ${last}`;
    if (full.length < 20) full = `${first} ${pick(MIDDLE)} ${pick(MIDDLE)} ${last}`;
    return [full.slice(0, 60), first, last.replace(/\s+/g, '')];
  }
  const address = () => `${1 + Math.floor(rand() * 9999)} ${pick(STREETS)} ${pick(STREET_TYPES)}, ${pick(CITIES)}`;

  function user(id: number) {
    const [name, first, last] = personName();
    if (id === 1)
      return {
        id,
        name: 'Benchmark System Administrator',
        email: BENCH_ADMIN_EMAIL,
        address: address(),
        role: 'system_admin',
        created_at: daysAgo(SPAN_DAYS),
      };
    if (id < firstCustomerId)
      return {
        id,
        name,
        email: ownerEmail(id - firstOwnerId + 1),
        address: address(),
        role: 'store_owner',
        created_at: daysAgo(SPAN_DAYS * rand()),
      };
    return {
      id,
      name,
      email: customerEmail(first, last, id),
      address: address(),
      role: 'normal_user',
      created_at: daysAgo(SPAN_DAYS * rand()),
    };
  }

  /** Store ids are popularity ranks: store 1 has the most ratings. */
  function store(id: number) {
    const category = pick(STORE_CATEGORIES);
    const owned = rand() < 0.3 ? `${pick(LAST)}'s ${pick(KINDS[category])}` : `${pick(PREFIXES)} ${pick(KINDS[category])}`;
    const createdDaysAgo = SPAN_DAYS * rand();
    return {
      id,
      name: owned,
      address: address(),
      phone: rand() < 0.8 ? `+1 555 ${String(1000 + Math.floor(rand() * 9000))}` : null,
      email: rand() < 0.6 ? `contact${id}@store.example.com` : null,
      owner_id: firstOwnerId + ((id - 1) % owners),
      category,
      created_at: daysAgo(createdDaysAgo),
      createdDaysAgo,
      /** The store's typical rating, 1.5 to 4.8. */
      quality: 1.5 + rand() * 3.3,
    };
  }

  /** Ratings per store, Zipf(1) over the store ids, capped at the number of customers, summing to size.ratings. */
  function ratingCounts(): Int32Array {
    const counts = new Int32Array(size.stores + 1);
    let harmonic = 0;
    for (let i = 1; i <= size.stores; i++) harmonic += 1 / i;
    let total = 0;
    for (let i = 1; i <= size.stores; i++) {
      counts[i] = Math.min(customers, Math.floor(size.ratings / (i * harmonic)));
      total += counts[i];
    }
    // The rounding remainder goes one by one to stores, most popular first, while they have room.
    for (let i = 1; total < size.ratings; i = (i % size.stores) + 1) {
      if (counts[i] < customers) {
        counts[i]++;
        total++;
      }
    }
    return counts;
  }

  /**
   * The ratings of one store: `count` distinct customers (start + k * stride modulo the number of
   * customers, stride coprime to it), a star rating near the store's quality, a date after the store opened.
   */
  function* ratingsOf(s: { id: number; quality: number; createdDaysAgo: number }, count: number) {
    const start = Math.floor(rand() * customers);
    let stride = 1 + Math.floor(rand() * (customers - 1));
    while (gcd(stride, customers) !== 1) stride++;
    for (let k = 0; k < count; k++) {
      const noise = (rand() + rand() + rand() - 1.5) * 1.6;
      const rating = Math.min(5, Math.max(1, Math.round(s.quality + noise)));
      const created = daysAgo(s.createdDaysAgo * rand());
      yield {
        user_id: firstCustomerId + ((start + k * stride) % customers),
        store_id: s.id,
        rating,
        comment: rand() < 0.35 ? pick(COMMENTS) : null,
        created_at: created,
      };
    }
  }

  return { user, store, ratingCounts, ratingsOf };
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}
