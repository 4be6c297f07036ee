import { addFailure, emptyClassReport } from './report';
import type { ClassReport } from './report';
import type { SchemaChange } from './schema-options';
import type { MigrationTarget } from './target';

/**
 * Class permissions and column options, applied once the objects are in (a required field or a
 * read-only one binds clients, not the import). A class the target refuses them for is reported
 * with its other failures (`where` names the source); the rest of the import stands.
 */
export async function applySchemaChanges(
  target: MigrationTarget,
  changes: Map<string, SchemaChange>,
  classes: ClassReport[],
  where: string,
): Promise<void> {
  if (!target.changeSchema) return;
  for (const [className, change] of changes) {
    try {
      await target.changeSchema(className, change);
    } catch (e) {
      let report = classes.find((c) => c.name === className);
      if (!report) classes.push((report = emptyClassReport(className)));
      addFailure(
        report,
        `${where}, class ${className}`,
        `permissions and field options: ${(e as Error).message}`,
      );
    }
  }
}
