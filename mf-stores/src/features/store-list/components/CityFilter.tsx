import { formatCount } from 'shared-contracts';
import { SelectField } from 'shared-contracts/ui';
import { useStoreCities } from '../api/useStoreCities';
import styles from './CityFilter.module.css';

export interface CityFilterProps {
  /** The city chosen (undefined: every city). */
  city: string | undefined;
  onChange: (city: string | undefined) => void;
}

/** The City filter: "All cities", then each city with its number of stores; the city chosen stays offered while they load. */
export function CityFilter({ city, onChange }: CityFilterProps) {
  const cities = useStoreCities();
  const known = cities.data ?? [];
  const chosenListed = city === undefined || known.some((c) => c.city.toLowerCase() === city.toLowerCase());
  const value = city === undefined ? '' : (known.find((c) => c.city.toLowerCase() === city.toLowerCase())?.city ?? city);
  return (
    <SelectField
      label="City"
      fieldClassName={styles.field}
      value={value}
      aria-busy={cities.isPending}
      onValueChange={(next) => onChange(next === '' ? undefined : next)}
    >
      <option value="">All cities</option>
      {!chosenListed && <option value={city}>{city}</option>}
      {known.map((c) => (
        <option key={c.city} value={c.city}>
          {c.city} ({formatCount(c.stores)})
        </option>
      ))}
    </SelectField>
  );
}
