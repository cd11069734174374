/**
 * A store's category (Grocery, Electronics, Fashion, Restaurants, Healthcare, Other). Existing stores
 * become 'Other'. The list is written out here, not imported: a released migration never changes.
 * Each sort of the store list gets an index led by the category, so a filtered, sorted page is an index scan.
 */
export const statements = [
  `alter table stores add column category text not null default 'Other'`,
  `alter table stores add constraint stores_category_check
    check (category in ('Grocery', 'Electronics', 'Fashion', 'Restaurants', 'Healthcare', 'Other'))`,
  `create index stores_category_name_sort_idx on stores (category, (lower(name) collate "C"), id)`,
  `create index stores_category_rating_sort_idx on stores (category, average_rating, id)`,
  `create index stores_category_created_at_sort_idx on stores (category, created_at, id)`,
];
