/**
 * Rating writes in batches (issue 17): rate_stores (db/functions/rate_stores.sql) writes many ratings in
 * one statement and replaces rate_store, which wrote one; a lone write is a batch of one. The file
 * creates the new function; the old one is dropped here, as create-or-replace cannot.
 * The statements are written out here, not generated: a released migration never changes.
 */
export const statements = [`drop function if exists rate_store(integer, integer, smallint, text)`];
