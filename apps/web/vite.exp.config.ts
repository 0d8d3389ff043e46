import base from './vite.config.ts';
const targets = (process.env.TARGETS ?? 'antd/es/collapse/Collapse.js,color-picker/ColorPicker.js').split(',');
const tracer = {
  name: 'trace',
  generateBundle() {
    for (const id of this.getModuleIds()) {
      if (!targets.some((t) => id.includes(t))) continue;
      // BFS backwards to main.tsx via static importers
      const prev = new Map([[id, null]]);
      const queue = [id];
      let found = null;
      while (queue.length) {
        const cur = queue.shift();
        if (cur.endsWith('src/main.tsx')) { found = cur; break; }
        const info = this.getModuleInfo(cur);
        for (const imp of info?.importers ?? []) if (!prev.has(imp)) { prev.set(imp, cur); queue.push(imp); }
      }
      const chain = [];
      for (let c = found; c; c = prev.get(c)) chain.push(c.replace(/.*node_modules\//, '').replace(/.*apps\/web\//, ''));
      console.log('\nCHAIN', id.replace(/.*node_modules\//, ''), found ? '\n  ' + chain.join('\n  ') : 'none');
    }
  },
};
export default { ...base, plugins: [...base.plugins, tracer], build: { ...base.build, outDir: '/tmp/i11-dist-exp' } };
