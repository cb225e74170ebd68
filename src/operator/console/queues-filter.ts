import { esc } from '../../domain/html.js';

// The filter form of a queue page: a GET form (no token: it changes nothing), each field labelled.

export interface FilterField {
  readonly name: string;
  readonly label: string;
  readonly value: string;
  /** A select's options as [value, label]; a text field without them. */
  readonly options?: readonly (readonly [string, string])[];
}

export function filterForm(path: string, fields: readonly FilterField[]): string {
  const inputs = fields.map((f) => {
    if (!f.options) {
      return `<label>${esc(f.label)} <input type="text" name="${esc(f.name)}" value="${esc(f.value)}" autocomplete="off"></label>`;
    }
    const options = f.options
      .map(([v, l]) => `<option value="${esc(v)}"${v === f.value ? ' selected' : ''}>${esc(l)}</option>`)
      .join('');
    return `<label>${esc(f.label)} <select name="${esc(f.name)}">${options}</select></label>`;
  });
  return `<form class="filters" method="get" action="${esc(path)}" role="search" aria-label="Filters">
${inputs.join('\n')}
<div class="actions"><button class="secondary" type="submit">Filter</button></div>
</form>`;
}
