// The report preview the 3.6 client frames for a report menu (protocol-workflow.md section 6):
// `{api}/Report/preview.html?id=…&token=…&page=1&<parameter>=<value>…`. Plain browser script, no
// framework: it reads the report's parameters, shows them as a search form, and draws the page the
// server fills (Actions/Preview) as a table with its merges, styles and pager; export and print too.
// Every text from the report goes in through textContent, never as HTML.
(() => {
  const texts = JSON.parse(document.getElementById('report-texts')?.textContent ?? '{}');
  const query = new URLSearchParams(location.search);
  const reportId = query.get('id') ?? '';
  const token = query.get('token') ?? '';
  // The page sits at {api}/Report/preview.html: the API is two levels up.
  const api = location.pathname.replace(/\/Report\/preview\.html$/i, '');
  const root = document.getElementById('report');
  const state = { page: Number(query.get('page')) || 1, pageSize: Number(query.get('pageSize')) || 100, values: {} };

  const say = (key, values = {}) =>
    (texts[key] ?? key).replace(/\{(\w+)\}/g, (_all, name) => String(values[name] ?? ''));
  const element = (tag, attributes = {}, children = []) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (name === 'text') node.textContent = value;
      else if (name === 'onclick') node.addEventListener('click', value);
      else node.setAttribute(name, value);
    }
    for (const child of children) node.append(child);
    return node;
  };

  async function call(method, path, body) {
    const response = await fetch(`${api}${path}`, {
      method,
      headers: { Authorization: token, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const reply = await response.json();
    if (reply.code !== 200) throw new Error(reply.msg || String(response.status));
    return reply.data;
  }

  function showError(message) {
    const box = document.getElementById('report-error');
    box.textContent = message;
    box.hidden = !message;
  }

  function searchForm(parameters) {
    const form = element('form', { class: 'search' });
    for (const parameter of parameters) {
      const given = query.has(parameter.name) ? query.get(parameter.name) : parameter.defaultValue;
      const input = element('input', { name: parameter.name, value: given ?? '' });
      form.append(element('label', {}, [`${parameter.label}${parameter.required ? ' *' : ''}`, input]));
    }
    form.append(element('button', { type: 'submit', class: 'primary', text: say('search') }));
    form.append(
      element('button', {
        type: 'button',
        text: say('reset'),
        onclick: () => {
          form.reset();
          run(1);
        },
      }),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      run(1);
    });
    return form;
  }

  function formValues() {
    const values = {};
    for (const input of root.querySelectorAll('form.search input')) values[input.name] = input.value;
    return values;
  }

  function cellStyle(style) {
    if (!style) return '';
    return [
      style.bold ? 'font-weight:bold' : '',
      style.italic ? 'font-style:italic' : '',
      style.fontSize ? `font-size:${Number(style.fontSize)}pt` : '',
      /^#[0-9a-f]{6}$/i.test(style.color ?? '') ? `color:${style.color}` : '',
      /^#[0-9a-f]{6}$/i.test(style.background ?? '') ? `background:${style.background}` : '',
      ['left', 'center', 'right'].includes(style.align) ? `text-align:${style.align}` : '',
    ]
      .filter(Boolean)
      .join(';');
  }

  function sheet(page) {
    const table = element('table', { class: 'sheet' });
    const columns = element('colgroup');
    for (const width of page.columns) columns.append(element('col', { style: `width:${Number(width)}px` }));
    table.append(columns);
    const covered = new Set();
    const spans = new Map();
    for (const merge of page.merges) {
      spans.set(`${merge.row}:${merge.col}`, merge);
      for (let r = merge.row; r < merge.row + merge.rowSpan; r++)
        for (let c = merge.col; c < merge.col + merge.colSpan; c++)
          if (r !== merge.row || c !== merge.col) covered.add(`${r}:${c}`);
    }
    const body = element('tbody');
    page.rows.forEach((row, r) => {
      const tr = element('tr', { class: `${row.kind}${r < page.frozenRows ? ' frozen' : ''}` });
      if (row.height) tr.style.height = `${Number(row.height)}px`;
      page.columns.forEach((_width, c) => {
        if (covered.has(`${r}:${c}`)) return;
        const cell = row.cells[c];
        const td = element('td', { style: cellStyle(cell?.style) });
        if (typeof cell?.value === 'number' && !cell.style?.align) td.classList.add('number');
        td.textContent = cell?.text ?? '';
        const merge = spans.get(`${r}:${c}`);
        if (merge) {
          td.rowSpan = merge.rowSpan;
          td.colSpan = merge.colSpan;
        }
        tr.append(td);
      });
      body.append(tr);
    });
    table.append(body);
    return table;
  }

  function pager(page) {
    const go = (to) => () => run(to);
    const previous = element('button', { type: 'button', text: say('previous'), onclick: go(page.currentPage - 1) });
    const next = element('button', { type: 'button', text: say('next'), onclick: go(page.currentPage + 1) });
    previous.disabled = page.currentPage <= 1;
    next.disabled = page.currentPage >= page.pages;
    const where = element('span', {
      text: say('pageOf', { page: page.currentPage, pages: page.pages, total: page.total }),
    });
    return element('div', { class: 'pager' }, [previous, where, next]);
  }

  async function run(page) {
    state.page = page;
    state.values = formValues();
    const output = document.getElementById('report-output');
    output.replaceChildren(element('p', { class: 'muted', text: say('loading') }));
    showError('');
    try {
      const result = await call('POST', `/ReportServer/Data/${encodeURIComponent(reportId)}/Actions/Preview`, {
        parameters: state.values,
        currentPage: state.page,
        pageSize: state.pageSize,
      });
      const parts = [];
      if (result.truncated.length)
        parts.push(element('p', { class: 'warning', text: say('truncated', { cap: result.cap }) }));
      parts.push(result.rows.length ? sheet(result) : element('p', { class: 'muted', text: say('empty') }));
      parts.push(pager(result));
      output.replaceChildren(...parts);
    } catch (error) {
      output.replaceChildren();
      showError(error.message);
    }
  }

  async function exportExcel() {
    showError('');
    try {
      const file = await call('POST', `/ReportServer/Data/${encodeURIComponent(reportId)}/Actions/ExportExcel`, {
        parameters: formValues(),
      });
      const link = element('a', { href: file.url, download: file.name });
      document.body.append(link);
      link.click();
      link.remove();
    } catch (error) {
      showError(error.message);
    }
  }

  async function start() {
    if (!reportId) return showError(say('noId'));
    try {
      const info = await call('GET', `/ReportServer/Data/${encodeURIComponent(reportId)}`);
      document.title = info.fullName;
      const tools = element('div', { class: 'tools' }, [
        element('button', { type: 'button', text: say('export'), onclick: exportExcel }),
        element('button', { type: 'button', text: say('print'), onclick: () => window.print() }),
      ]);
      root.prepend(element('h1', { text: info.fullName }), searchForm(info.parameters), tools);
      await run(state.page);
    } catch (error) {
      showError(error.message);
    }
  }

  start();
})();
