import { Form } from "@remix-run/react";
import { FieldError, FormField, fieldIds } from "~/components/form-field";
import type { searchPage } from "~/models/on-demand/on-demand-search.server";

type SearchPage = Awaited<ReturnType<typeof searchPage>>;

/** The GET form: words, and the filters (open when one is in use or wrong). The address holds the whole query. */
export function SearchForm({ page, searching }: { page: Pick<SearchPage, "form" | "errors" | "options" | "active">; searching: boolean }) {
  const { form, errors, options } = page;
  return (
    <Form method="get" action="/search" className="search-form" role="search" aria-label="Classes">
      <FormField
        name="q"
        label="Search for"
        type="search"
        defaultValue={form.q}
        maxLength={200}
        placeholder="Sleep, box breathing, a teacher's name…"
        autoComplete="off"
      />
      <details className="search-filters" open={page.active.length > 0 || Object.keys(errors).length > 0 ? true : undefined}>
        <summary>Filters</summary>
        <div className="search-filters__grid">
          <Select name="modality" label="Kind" value={form.modality} options={options.modalities} error={errors.modality} />
          <Select name="teacher" label="Teacher" value={form.teacher} options={options.teachers} error={errors.teacher} />
          <Select
            name="level"
            label="Level"
            value={form.level}
            options={options.levels.map((level) => ({ value: level, label: level }))}
            error={errors.level}
          />
          <FormField name="min" label="Shortest (minutes)" inputMode="decimal" defaultValue={form.min} error={errors.min} maxLength={6} />
          <FormField name="max" label="Longest (minutes)" inputMode="decimal" defaultValue={form.max} error={errors.max} maxLength={6} />
          <fieldset className="search-filters__tags" aria-describedby={errors.tag ? "field-tag-error" : undefined}>
            <legend>Tags</legend>
            <ul>
              {options.tags.map((tag) => (
                <li key={tag.id}>
                  <label>
                    <input type="checkbox" name="tag" value={tag.id} defaultChecked={form.tags.includes(tag.id)} /> {tag.label}
                  </label>
                </li>
              ))}
            </ul>
            <FieldError id="field-tag-error" error={errors.tag} />
          </fieldset>
        </div>
      </details>
      <p>
        <button type="submit" className="button">
          {searching ? "Searching…" : "Search"}
        </button>
      </p>
    </Form>
  );
}

function Select({
  name,
  label,
  value,
  options,
  error,
}: {
  name: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  error?: string;
}) {
  const ids = fieldIds(name, undefined, error);
  return (
    <div className="field">
      <label htmlFor={ids.id}>{label}</label>
      <select id={ids.id} name={name} defaultValue={value} aria-describedby={ids.describedBy} aria-invalid={error ? true : undefined}>
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={ids.errorId} error={error} />
    </div>
  );
}
