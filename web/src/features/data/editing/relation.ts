/** Objects of the relation's target class that `field` of the owner holds. */
export const relatedWhere = (className: string, objectId: string, field: string) => ({
  $relatedTo: { object: { __type: 'Pointer', className, objectId }, key: field },
});

export const relationOp = (
  op: 'AddRelation' | 'RemoveRelation',
  targetClass: string,
  objectIds: readonly string[],
) => ({
  __op: op,
  objects: objectIds.map((objectId) => ({ __type: 'Pointer', className: targetClass, objectId })),
});
