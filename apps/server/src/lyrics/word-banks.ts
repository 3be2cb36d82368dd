/** Words of a title or prompt that carry no subject of their own (the topics skip them). */
export const stopWords = new Set(
  (
    'a an the and or but if of to in on at by for with from into onto over under about as is are was were be been ' +
    'being am i me my we us our you your he she it its they them their this that these those there here what which ' +
    'who whom when where why how all any some no not only just so than too very can could should would will shall ' +
    'do does did done have has had having make makes made get got song songs rap track lyrics about want like ' +
    'please write me one more really also then now new'
  ).split(' '),
);
