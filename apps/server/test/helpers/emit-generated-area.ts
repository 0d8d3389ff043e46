import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FormDefinition } from '@platform/shared';
import { formatGenerated } from '../../src/modules/generater/format-generated.ts';
import { generateArea } from '../../src/modules/generater/generate-area.ts';
import { leaveForm, leaveList } from './generater-fixture.ts';

/**
 * Writes the area the twenty-kind leave form generates into the repository copy at `root` and
 * wires it in as its README says, formatted as the service formats it (scripts/check-generated-area.mjs then lints, type-checks and
 * tests that copy). Run with tsx: `tsx emit-generated-area.ts <root>`.
 */
export async function emitGeneratedArea(root: string): Promise<string[]> {
  const files = await formatGenerated(
    generateArea(
      { fullName: '请假单', form: leaveForm as FormDefinition, list: leaveList },
      {
        module: 'hr',
        className: 'ext_leave',
        subClassNames: ['LeaveHandover'],
        description: '请假管理',
        tablePrefix: '',
        migrationNumber: 9999,
        formStyle: 'written',
      },
    ),
  );
  for (const file of files) {
    const target = path.join(root, file.filePath);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.fileContent);
  }
  const edit = (file: string, find: string, replace: string) => {
    const target = path.join(root, file);
    const text = readFileSync(target, 'utf8');
    if (!text.includes(find)) throw new Error(`${file} no longer has: ${find}`);
    writeFileSync(target, text.replace(find, replace));
  };
  edit(
    'packages/shared/src/index.ts',
    "export * from './envelope.ts';",
    "export * from './envelope.ts';\nexport * from './schemas/hr.ts';",
  );
  edit(
    'apps/server/src/db/schema.ts',
    'export interface Database {',
    'export interface Database extends ExtLeaveTables {',
  );
  edit('apps/server/src/db/schema.ts', 'import ', "import type { ExtLeaveTables } from './hr-tables.ts';\nimport ");
  edit(
    'apps/server/src/db/migrate.ts',
    'import ',
    "import * as extLeave from './migrations/9999_ext_leave.ts';\nimport ",
  );
  edit('apps/server/src/db/migrate.ts', '\n};\n', "\n  '9999_ext_leave': extLeave,\n};\n");
  edit(
    'apps/server/src/services.ts',
    'import ',
    "import { ExtLeaveService } from './modules/hr/hr.service.ts';\nimport ",
  );
  edit(
    'apps/server/src/services.ts',
    '    generater: {',
    '    hr: { extLeave: new ExtLeaveService(db, app.permissions, rules) },\n    generater: {',
  );
  edit('apps/server/src/app.ts', 'import ', "import hrRoutes from './modules/hr/hr.routes.ts';\nimport ");
  edit(
    'apps/server/src/app.ts',
    '  await app.register(generaterRoutes, services.generater);\n',
    '  await app.register(generaterRoutes, services.generater);\n  await app.register(hrRoutes, services.hr);\n',
  );
  edit(
    'packages/shared/src/generated-menus.ts',
    '[] = [];',
    "[] = [\n  ['hr.extLeave', '请假管理', 'hr/extLeave', 'icon-ym icon-ym-generator-table'],\n];",
  );
  return files.map((file) => file.filePath);
}

const root = process.argv[2];
if (root && import.meta.url === `file://${process.argv[1]}`) {
  console.log((await emitGeneratedArea(root)).join('\n'));
}
