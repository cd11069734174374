/**
 * Stores gain a city (issue "What users of a review site expect": location). Existing stores get the
 * city their address names, by the rule of shared-contracts' cityFromAddress (written out in SQL here,
 * as it was when this migration was released): the last comma-separated part without a trailing postal
 * code, or the part before it when the last part is a state; an address of one part gives ''.
 * The list filters by city case-insensitively (the lower(city) index).
 * The statements are written out here, not generated: a released migration never changes.
 */
const REGIONS = [
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
];

const POSTAL_CODE = `'\\s*[0-9][0-9 -]*$'`;

export const statements = [
  `alter table stores add column city text not null default '' check (char_length(city) <= 100)`,
  `with parts as (
    select id, array_remove(array(select btrim(part) from unnest(string_to_array(address, ',')) as part), '') as p from stores
  ), ends as (
    select id, p, btrim(regexp_replace(p[cardinality(p)], ${POSTAL_CODE}, '')) as last from parts where cardinality(p) >= 2
  )
  update stores set city = left(
    case when ends.last = '' or lower(ends.last) = any(array[${REGIONS.map((r) => `'${r}'`).join(', ')}])
      then btrim(regexp_replace(ends.p[cardinality(ends.p) - 1], ${POSTAL_CODE}, ''))
      else ends.last end, 100)
  from ends where ends.id = stores.id`,
  `create index stores_city_idx on stores (lower(city))`,
];
