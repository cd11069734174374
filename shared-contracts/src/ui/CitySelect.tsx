/**
 * The City filter of the store lists (/stores and /admin/stores): "All cities", then each city with its
 * number of stores. The city chosen stays chosen, in the list's own spelling, and stays offered while
 * the cities load or when they do not name it.
 */
import { formatCount } from 'shared-contracts';
import type { StoreCitiesResponse } from '../schemas/responses';
import { SelectField } from './Fields';

export interface CitySelectProps {
  /** The cities to offer (undefined while they load). */
  cities: StoreCitiesResponse['cities'] | undefined;
  /** The city chosen (undefined: every city). */
  city: string | undefined;
  onChange: (city: string | undefined) => void;
  fieldClassName?: string;
}

export function CitySelect({ cities, city, onChange, fieldClassName }: CitySelectProps) {
  const known = cities ?? [];
  const listed = city === undefined ? undefined : known.find((c) => c.city.toLowerCase() === city.toLowerCase());
  return (
    <SelectField
      label="City"
      fieldClassName={fieldClassName}
      value={listed?.city ?? city ?? ''}
      aria-busy={cities === undefined}
      onValueChange={(next) => onChange(next === '' ? undefined : next)}
    >
      <option value="">All cities</option>
      {city !== undefined && !listed && <option value={city}>{city}</option>}
      {known.map((c) => (
        <option key={c.city} value={c.city}>
          {c.city} ({formatCount(c.stores)})
        </option>
      ))}
    </SelectField>
  );
}
