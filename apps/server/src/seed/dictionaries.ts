import { newId } from '../core/ids.ts';
import type { Trx } from '../db/database.ts';

interface DictionarySeed {
  enCode: string;
  fullName: string;
  entries: [enCode: string, fullName: string][];
}

/** Dictionaries the spec refers to by code; entries keep the codes clients match on. */
const dictionaries: DictionarySeed[] = [
  {
    enCode: 'sex',
    fullName: '性别',
    entries: [
      ['1', '男'],
      ['2', '女'],
      ['3', '保密'],
    ],
  },
  {
    enCode: 'msgSourceType',
    fullName: '消息来源',
    entries: [
      ['1', '系统消息'],
      ['2', '流程消息'],
      ['3', '公告消息'],
      ['4', '日程消息'],
    ],
  },
  {
    enCode: 'msgSendType',
    fullName: '发送方式',
    entries: [
      ['1', '站内消息'],
      ['2', '邮件'],
      ['3', '短信'],
      ['4', '钉钉'],
      ['5', '企业微信'],
      ['6', 'webhook'],
      ['7', '微信公众号'],
    ],
  },
  {
    enCode: 'businessType',
    fullName: '业务类型',
    entries: [
      ['common', '通用'],
      ['order', '订单'],
      ['contract', '合同'],
      ['finance', '财务'],
    ],
  },
  {
    enCode: 'certificateType',
    fullName: '证件类型',
    entries: [
      ['1', '身份证'],
      ['2', '护照'],
      ['3', '港澳通行证'],
      ['4', '台湾通行证'],
      ['5', '军官证'],
    ],
  },
  {
    enCode: 'education',
    fullName: '学历',
    entries: [
      ['1', '小学'],
      ['2', '初中'],
      ['3', '高中'],
      ['4', '大专'],
      ['5', '本科'],
      ['6', '硕士'],
      ['7', '博士'],
    ],
  },
  {
    enCode: 'noticeType',
    fullName: '公告类型',
    entries: [
      ['1', '通知'],
      ['2', '公告'],
      ['3', '新闻'],
    ],
  },
];

export async function seedDictionaries(trx: Trx) {
  for (const [index, dictionary] of dictionaries.entries()) {
    await trx
      .insertInto('dictionaryType')
      .values({ id: newId(), parentId: '0', fullName: dictionary.fullName, enCode: dictionary.enCode, sortCode: index })
      .onConflict((oc) => oc.column('enCode').doNothing())
      .execute();
    const type = await trx
      .selectFrom('dictionaryType')
      .select('id')
      .where('enCode', '=', dictionary.enCode)
      .executeTakeFirstOrThrow();
    for (const [sortCode, [enCode, fullName]] of dictionary.entries.entries()) {
      await trx
        .insertInto('dictionaryData')
        .values({ id: newId(), dictionaryTypeId: type.id, parentId: '0', fullName, enCode, sortCode })
        .onConflict((oc) => oc.columns(['dictionaryTypeId', 'enCode']).doNothing())
        .execute();
    }
  }
}
