/**
 * A store's city, read from its address when none is given: the address's last comma-separated part
 * without a trailing postal code, or the part before it when that last part is a state (the demo data's
 * addresses end 'City, State 560001'). An address of one part gives no city (''). Migration 0010 filled
 * the city of existing stores by the same rule; the admin form proposes it as the address is typed.
 */
import { CITY_MAX_LENGTH } from './constants';

/** States and regions that can close an address after its city. */
const REGIONS = new Set([
  'andhra pradesh',
  'arunachal pradesh',
  'assam',
  'bihar',
  'chhattisgarh',
  'goa',
  'gujarat',
  'haryana',
  'himachal pradesh',
  'jharkhand',
  'karnataka',
  'kerala',
  'madhya pradesh',
  'maharashtra',
  'manipur',
  'meghalaya',
  'mizoram',
  'nagaland',
  'odisha',
  'punjab',
  'rajasthan',
  'sikkim',
  'tamil nadu',
  'telangana',
  'tripura',
  'uttar pradesh',
  'uttarakhand',
  'west bengal',
]);

const withoutPostalCode = (part: string) => part.replace(/\s*[0-9][0-9 -]*$/, '').trim();

export function cityFromAddress(address: string): string {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length < 2) return '';
  const last = withoutPostalCode(parts[parts.length - 1]);
  const city = last === '' || REGIONS.has(last.toLowerCase()) ? withoutPostalCode(parts[parts.length - 2]) : last;
  return city.slice(0, CITY_MAX_LENGTH);
}
