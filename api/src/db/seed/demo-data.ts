/** The demo content seeded into an empty database: realistic people, stores and review texts. */
import { demoAccountFor, type Role, type StoreCategory } from 'shared-contracts';

export interface DemoPerson {
  name: string;
  email: string;
  password: string;
  address: string;
  role: Role;
}

/** The three demo accounts of shared-contracts (shown by the sign-in screen and the README), with a name and address. */
export const DEMO_PEOPLE: DemoPerson[] = [
  {
    ...demoAccountFor('system_admin'),
    name: 'Store Ratings Administrator',
    address: '1 Platform Plaza, Suite 100, Bengaluru, Karnataka 560001',
  },
  {
    ...demoAccountFor('store_owner'),
    name: 'Rajesh Venkataraman Iyer',
    address: '42 Residency Road, Richmond Town, Bengaluru, Karnataka 560025',
  },
  {
    ...demoAccountFor('normal_user'),
    name: 'Priya Shankar Natarajan',
    address: '17 Lavelle Road, Ashok Nagar, Bengaluru, Karnataka 560001',
  },
];

/** Password of every other seeded account (not shown anywhere; they exist to make the data real). */
export const OTHER_ACCOUNTS_PASSWORD = 'Demo@Pass1';

export const OTHER_OWNERS: Array<Pick<DemoPerson, 'name' | 'email' | 'address'>> = [
  { name: 'Meera Krishnamurthy Rao', email: 'meera.rao@example.com', address: '8 Church Street, Bengaluru, Karnataka 560001' },
  {
    name: 'Daniel Fernandes Pereira',
    email: 'daniel.pereira@example.com',
    address: '23 Hill Road, Bandra West, Mumbai, Maharashtra 400050',
  },
  { name: 'Ananya Chatterjee Bose', email: 'ananya.bose@example.com', address: '5 Park Street, Kolkata, West Bengal 700016' },
  { name: 'Vikram Singh Rathore', email: 'vikram.rathore@example.com', address: '91 MI Road, Jaipur, Rajasthan 302001' },
];

export const OTHER_CUSTOMERS: Array<Pick<DemoPerson, 'name' | 'email' | 'address'>> = [
  { name: 'Arjun Mehta Kapoor Sharma', email: 'arjun.sharma@example.com', address: '12 Linking Road, Khar West, Mumbai 400052' },
  { name: 'Kavya Ramachandran Pillai', email: 'kavya.pillai@example.com', address: '3 MG Road, Ernakulam, Kochi, Kerala 682016' },
  { name: 'Rohan Deshpande Kulkarni', email: 'rohan.kulkarni@example.com', address: '77 FC Road, Shivajinagar, Pune 411005' },
  { name: 'Sneha Agarwal Banerjee', email: 'sneha.banerjee@example.com', address: '19 Salt Lake Sector V, Kolkata 700091' },
  { name: 'Aditya Narayanan Menon', email: 'aditya.menon@example.com', address: '28 Anna Salai, Teynampet, Chennai 600018' },
  { name: 'Ishita Malhotra Khanna', email: 'ishita.khanna@example.com', address: '4 Khan Market, New Delhi 110003' },
  { name: 'Siddharth Joshi Patwardhan', email: 'siddharth.joshi@example.com', address: '60 Law College Road, Pune 411004' },
  { name: 'Neha Gupta Srivastava', email: 'neha.srivastava@example.com', address: '14 Hazratganj, Lucknow, Uttar Pradesh 226001' },
  { name: 'Karthik Subramanian Iyer', email: 'karthik.iyer@example.com', address: '6 Jubilee Hills Road 36, Hyderabad 500033' },
  { name: 'Pooja Reddy Chandrasekhar', email: 'pooja.reddy@example.com', address: '31 Banjara Hills Road 12, Hyderabad 500034' },
  { name: 'Aman Verma Chaturvedi', email: 'aman.verma@example.com', address: '9 Civil Lines, Allahabad, Uttar Pradesh 211001' },
  { name: 'Divya Nair Unnikrishnan', email: 'divya.nair@example.com', address: '22 Marine Drive, Kochi, Kerala 682031' },
  { name: 'Harsh Vardhan Tiwari', email: 'harsh.tiwari@example.com', address: '45 Arera Colony, Bhopal, Madhya Pradesh 462016' },
  { name: 'Tanvi Bhattacharya Sen', email: 'tanvi.sen@example.com', address: '11 Gariahat Road, Kolkata 700019' },
  { name: 'Nikhil Saxena Agarwal', email: 'nikhil.saxena@example.com', address: '88 Sector 17, Chandigarh 160017' },
  { name: 'Riya Dasgupta Mukherjee', email: 'riya.mukherjee@example.com', address: '2 Ballygunge Place, Kolkata 700019' },
  { name: 'Varun Prakash Hegde', email: 'varun.hegde@example.com', address: '56 Indiranagar 100 Feet Road, Bengaluru 560038' },
  { name: 'Shreya Kulkarni Joshi', email: 'shreya.joshi@example.com', address: '13 Koregaon Park Lane 7, Pune 411001' },
  { name: 'Manish Choudhary Yadav', email: 'manish.yadav@example.com', address: '70 Boring Road, Patna, Bihar 800001' },
  { name: 'Aishwarya Lakshmi Raman', email: 'aishwarya.raman@example.com', address: '18 T Nagar, Usman Road, Chennai 600017' },
];

export interface DemoStore {
  name: string;
  address: string;
  phone: string | null;
  email: string | null;
  /** Index into [demo owner, ...OTHER_OWNERS]. */
  owner: number;
  category: StoreCategory;
  /** Typical stars the store gets, so the averages differ from store to store. */
  quality: number;
}

export const DEMO_STORES: DemoStore[] = [
  {
    name: 'Green Basket Organic Grocers',
    address: '14 Residency Road, Bengaluru, Karnataka 560025',
    phone: '+91 80 4123 5567',
    email: 'hello@greenbasket.example',
    owner: 0,
    category: 'Grocery',
    quality: 4.6,
  },
  {
    name: 'TechHub Electronics',
    address: '201 Brigade Road, Bengaluru, Karnataka 560001',
    phone: '+91 80 2558 1190',
    email: 'support@techhub.example',
    owner: 0,
    category: 'Electronics',
    quality: 3.9,
  },
  {
    name: 'Spice Route Kitchen',
    address: '9 Museum Road, Bengaluru, Karnataka 560001',
    phone: '+91 80 4090 2211',
    email: 'reservations@spiceroute.example',
    owner: 0,
    category: 'Restaurants',
    quality: 4.3,
  },
  {
    name: 'Urban Threads Fashion House',
    address: '55 Commercial Street, Bengaluru, Karnataka 560001',
    phone: '+91 80 2286 7743',
    email: null,
    owner: 0,
    category: 'Fashion',
    quality: 3.2,
  },
  {
    name: 'CarePlus Pharmacy',
    address: '3 Richmond Circle, Bengaluru, Karnataka 560025',
    phone: '+91 80 2221 9080',
    email: 'care@careplus.example',
    owner: 0,
    category: 'Healthcare',
    quality: 4.1,
  },
  {
    name: 'Daily Fresh Supermarket',
    address: '88 Koramangala 5th Block, Bengaluru, Karnataka 560095',
    phone: '+91 80 4155 0098',
    email: 'info@dailyfresh.example',
    owner: 1,
    category: 'Grocery',
    quality: 3.6,
  },
  {
    name: 'Gadget Galaxy',
    address: '12 SP Road, Bengaluru, Karnataka 560002',
    phone: '+91 80 2222 4471',
    email: 'sales@gadgetgalaxy.example',
    owner: 1,
    category: 'Electronics',
    quality: 2.8,
  },
  {
    name: 'The Book Nook Cafe',
    address: '27 Church Street, Bengaluru, Karnataka 560001',
    phone: null,
    email: 'books@booknook.example',
    owner: 1,
    category: 'Restaurants',
    quality: 4.8,
  },
  {
    name: 'Sunrise Bakery and Confectionery',
    address: '6 Hill Road, Bandra West, Mumbai, Maharashtra 400050',
    phone: '+91 22 2640 1123',
    email: 'orders@sunrisebakery.example',
    owner: 2,
    category: 'Restaurants',
    quality: 4.4,
  },
  {
    name: 'Coastal Catch Seafood Restaurant',
    address: '101 Carter Road, Bandra West, Mumbai, Maharashtra 400050',
    phone: '+91 22 2605 7788',
    email: 'table@coastalcatch.example',
    owner: 2,
    category: 'Restaurants',
    quality: 3.4,
  },
  {
    name: 'Metro Mobile World',
    address: '44 Lamington Road, Grant Road, Mumbai, Maharashtra 400007',
    phone: '+91 22 2385 6610',
    email: null,
    owner: 2,
    category: 'Electronics',
    quality: 2.3,
  },
  {
    name: 'Style Street Boutique',
    address: '17 Linking Road, Santacruz West, Mumbai, Maharashtra 400054',
    phone: '+91 22 2649 3301',
    email: 'style@stylestreet.example',
    owner: 2,
    category: 'Fashion',
    quality: 3.8,
  },
  {
    name: 'Wellness First Clinic Pharmacy',
    address: '8 Peddar Road, Mumbai, Maharashtra 400026',
    phone: '+91 22 2351 4477',
    email: 'contact@wellnessfirst.example',
    owner: 2,
    category: 'Healthcare',
    quality: 4.5,
  },
  {
    name: 'Kolkata Sweet House',
    address: '12 Gariahat Road, Kolkata, West Bengal 700019',
    phone: '+91 33 2464 5589',
    email: 'mishti@sweethouse.example',
    owner: 3,
    category: 'Restaurants',
    quality: 4.7,
  },
  {
    name: 'Park Street Grill',
    address: '24 Park Street, Kolkata, West Bengal 700016',
    phone: '+91 33 2229 8812',
    email: 'grill@parkstreet.example',
    owner: 3,
    category: 'Restaurants',
    quality: 3.7,
  },
  {
    name: 'New Market Fabrics',
    address: '5 Lindsay Street, New Market, Kolkata, West Bengal 700087',
    phone: '+91 33 2252 0043',
    email: null,
    owner: 3,
    category: 'Fashion',
    quality: 3.1,
  },
  {
    name: 'Bengal Fresh Mart',
    address: '71 Salt Lake Sector I, Kolkata, West Bengal 700064',
    phone: '+91 33 2337 1150',
    email: 'freshmart@bengal.example',
    owner: 3,
    category: 'Grocery',
    quality: 2.6,
  },
  {
    name: 'Digital Planet Computers',
    address: '19 Chandni Chowk Street, Kolkata, West Bengal 700072',
    phone: '+91 33 2237 9964',
    email: 'help@digitalplanet.example',
    owner: 3,
    category: 'Electronics',
    quality: 3.3,
  },
  {
    name: 'Pink City Handicrafts',
    address: '33 Johari Bazaar, Jaipur, Rajasthan 302003',
    phone: '+91 141 257 3390',
    email: 'crafts@pinkcity.example',
    owner: 4,
    category: 'Other',
    quality: 4.2,
  },
  {
    name: 'Royal Rajasthani Thali',
    address: '2 MI Road, Jaipur, Rajasthan 302001',
    phone: '+91 141 237 4401',
    email: 'thali@royal.example',
    owner: 4,
    category: 'Restaurants',
    quality: 4.6,
  },
  {
    name: 'Desert Gear Outdoor Store',
    address: '48 C Scheme, Jaipur, Rajasthan 302001',
    phone: '+91 141 236 8822',
    email: null,
    owner: 4,
    category: 'Other',
    quality: 3.5,
  },
  {
    name: 'Jaipur Medicos',
    address: '15 Tonk Road, Jaipur, Rajasthan 302015',
    phone: '+91 141 274 1156',
    email: 'orders@jaipurmedicos.example',
    owner: 4,
    category: 'Healthcare',
    quality: 3.9,
  },
  {
    name: 'Amber Electronics Bazaar',
    address: '60 Station Road, Jaipur, Rajasthan 302006',
    phone: '+91 141 220 5547',
    email: 'amber@electronics.example',
    owner: 4,
    category: 'Electronics',
    quality: 1.9,
  },
  {
    name: 'Harvest Moon Farmers Market',
    address: '10 Lalbagh Road, Bengaluru, Karnataka 560027',
    phone: '+91 80 2657 3380',
    email: 'market@harvestmoon.example',
    owner: 0,
    category: 'Grocery',
    quality: 4.4,
  },
  {
    name: 'Filter Coffee Corner',
    address: '3 DVG Road, Basavanagudi, Bengaluru, Karnataka 560004',
    phone: '+91 80 2667 1145',
    email: null,
    owner: 1,
    category: 'Restaurants',
    quality: 4.9,
  },
  {
    name: 'Trendsetters Footwear',
    address: '29 Jayanagar 4th Block, Bengaluru, Karnataka 560011',
    phone: '+91 80 2663 9912',
    email: 'shoes@trendsetters.example',
    owner: 1,
    category: 'Fashion',
    quality: 2.9,
  },
  {
    name: 'Healthy Bites Salad Bar',
    address: '7 Lower Parel, Mumbai, Maharashtra 400013',
    phone: '+91 22 2498 0076',
    email: 'eat@healthybites.example',
    owner: 2,
    category: 'Restaurants',
    quality: 4.0,
  },
  {
    name: 'Home Needs General Store',
    address: '52 Ballygunge Circular Road, Kolkata, West Bengal 700019',
    phone: '+91 33 2475 2218',
    email: null,
    owner: 3,
    category: 'Grocery',
    quality: 3.0,
  },
  {
    name: 'Smart Appliances Hub',
    address: '81 Malviya Nagar, Jaipur, Rajasthan 302017',
    phone: '+91 141 252 6630',
    email: 'service@smartappliances.example',
    owner: 4,
    category: 'Electronics',
    quality: 2.1,
  },
  {
    name: 'Lotus Ayurvedic Wellness',
    address: '36 Malleswaram 8th Cross, Bengaluru, Karnataka 560003',
    phone: '+91 80 2334 7719',
    email: 'care@lotusayur.example',
    owner: 0,
    category: 'Healthcare',
    quality: 4.0,
  },
  {
    name: 'The Denim Depot',
    address: '65 Fashion Street, Mumbai, Maharashtra 400020',
    phone: '+91 22 2262 4490',
    email: 'denim@depot.example',
    owner: 2,
    category: 'Fashion',
    quality: 3.3,
  },
  {
    name: 'Paperback Paradise Bookstore',
    address: '40 College Street, Kolkata, West Bengal 700073',
    phone: '+91 33 2241 6678',
    email: 'read@paperback.example',
    owner: 3,
    category: 'Other',
    quality: 4.5,
  },
  {
    name: 'Chai Point Express',
    address: '11 Bapu Bazaar, Jaipur, Rajasthan 302003',
    phone: null,
    email: null,
    owner: 4,
    category: 'Restaurants',
    quality: 3.8,
  },
  {
    name: 'Little Sprouts Toy Store',
    address: '22 Koramangala 1st Block, Bengaluru, Karnataka 560034',
    phone: '+91 80 4112 8834',
    email: 'play@littlesprouts.example',
    owner: 1,
    category: 'Other',
    quality: 4.3,
  },
];

/** Review texts by star count; some ratings carry none. */
export const COMMENTS: Record<number, string[]> = {
  5: [
    'Absolutely wonderful experience. The staff went out of their way to help.',
    'Best in the neighbourhood, hands down. Will be coming back.',
    'Excellent quality and fair prices. Highly recommended!',
    'Spotless, well organised and friendly. Everything a store should be.',
    'Never had a bad visit here. Consistently great.',
  ],
  4: [
    'Very good overall. A little crowded on weekends.',
    'Good selection and helpful staff. Parking is tricky.',
    'Solid store, prices slightly on the higher side.',
    'Quick service and good quality. Would visit again.',
  ],
  3: [
    'Decent, but nothing special.',
    'Average experience. Some items were out of stock.',
    'Okay for a quick visit; the billing queue was slow.',
  ],
  2: ['Disappointing. The staff seemed uninterested.', 'Overpriced for what you get.', 'Had to wait a long time and the order was wrong.'],
  1: [
    'Terrible service. I will not be returning.',
    'The product broke within a week and they refused a replacement.',
    'Dirty and disorganised. Avoid.',
  ],
};

/** Store owners' replies to ratings, by the rating's star count. */
export const REPLIES: Record<number, string[]> = {
  5: ['Thank you so much! It was a pleasure having you.', 'Thanks for the kind words. See you again soon!'],
  4: ['Thanks for visiting! We are adding weekend staff to keep the queues short.', 'Glad you enjoyed it. We hear you on the parking.'],
  3: ['Thanks for the honest feedback. We restock daily now, so please give us another try.'],
  2: ['We are sorry to hear this. Please ask for the manager on your next visit and we will make it right.'],
  1: ['We are sorry about your experience. Please write to us so we can put this right.'],
};
